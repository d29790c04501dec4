// Normal and list modes are cut from the detail files (api/projection.ts): every
// collection page the build writes is made again from its records' detail files
// and must come out byte for byte; list mode objects are LL2's LaunchBasic and
// EventEndpointList, checked against our response schemas and, where it is here,
// the official OpenAPI.

import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventInMode, launchInMode } from '../scripts/lib/api/projection.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { generateFeatureFiles } from './helpers/feature-site.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { queryFixture } from './helpers/query-site.ts';

const PAGE = /^2\.3\.0\/(launches|events)\/((upcoming|previous)\/)?(page\/\d+\/)?index\.json$/;

/** Each collection page of a tree, made again from detail files, against the bytes the build wrote. */
function remadePages(files: ReadonlyMap<string, string>): Array<{ file: string; built: string; remade: string }> {
  return [...files.keys()]
    .filter((file) => PAGE.test(file))
    .map((file) => {
      const resource = PAGE.exec(file)![1];
      const page = JSON.parse(files.get(file)!) as {
        count: number;
        next: string | null;
        previous: string | null;
        results: JsonObject[];
      };
      const results = page.results.map((object) => {
        const detailed = JSON.parse(files.get(`2.3.0/${resource}/${object.id}/index.json`)!) as JsonObject;
        return resource === 'launches' ? launchInMode(detailed, 'normal') : eventInMode(detailed, 'normal');
      });
      return { file, built: files.get(file)!, remade: toSafeJson({ ...page, results }) };
    });
}

describe('normal mode from the detail files', () => {
  it('remakes every collection page of the query fixture byte for byte', async () => {
    const { files } = await queryFixture();
    const pages = remadePages(files);
    expect(pages.length).toBe(6);
    for (const { file, built, remade } of pages) expect(remade, file).toBe(built);
  });

  it('remakes every collection page of the feature data set (markup in names, every precision, several pages)', async () => {
    const files = new Map([...(await generateFeatureFiles())].map(([path, bytes]) => [path, bytes.toString('utf8')]));
    const pages = remadePages(files);
    expect(pages.length).toBeGreaterThan(6);
    for (const { file, built, remade } of pages) expect(remade, file).toBe(built);
  });

  it('gives the detailed object back unchanged in detailed mode', async () => {
    const { files } = await queryFixture();
    const text = files.get('2.3.0/events/901/index.json')!;
    expect(toSafeJson(eventInMode(JSON.parse(text), 'detailed'))).toBe(text);
  });
});

describe('list mode', () => {
  let launches: JsonObject[];
  let events: JsonObject[];
  beforeAll(async () => {
    const fixture = await queryFixture();
    launches = (await fixture.get('launches/?mode=list&limit=100')).body.results;
    events = (await fixture.get('events/?mode=list&limit=100')).body.results;
  });

  it('validates against our response schemas', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const launchBasic = ajv.compile({ $ref: '#/definitions/LaunchBasic', definitions: responseDefinitions() });
    for (const launch of launches) expect(launchBasic(launch) ? [] : launchBasic.errors, String(launch.id)).toEqual([]);
    expect(launches).toHaveLength(9);
  });

  it.skipIf(!officialOpenApiAvailable)('validates against the official LaunchBasic and EventEndpointList', () => {
    const validators = officialValidators(['LaunchBasic', 'EventEndpointList']);
    for (const launch of launches)
      expect(validators.LaunchBasic(launch) ? [] : validators.LaunchBasic.errors, String(launch.id)).toEqual([]);
    for (const event of events)
      expect(validators.EventEndpointList(event) ? [] : validators.EventEndpointList.errors, String(event.id)).toEqual(
        [],
      );
    expect(events).toHaveLength(5);
  });
});
