// Every link resolves: each `url`, `next` and `previous` (and every other string
// under the base URL) in every JSON file of a fixture build names a published file,
// the object with the same id for a `url`, the page that links back for `next` and
// `previous` — in the default tree and in the one with copies.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildInputs } from '../scripts/lib/api/context.ts';
import { detailRoutes, listRoutes } from '../scripts/lib/api/routes.ts';
import { siteFiles } from '../scripts/lib/pipeline.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { makeEvent, removeDir, writeRecords } from './helpers/data.ts';
import { checkLinks } from './helpers/links.ts';
import { NOW, checkedData, pagedDataDir } from './helpers/publish.ts';

const BASE = 'https://links.example.org/api/2.3.0/';
let dataDir: string;
let data: DataSet;

beforeAll(async () => {
  dataDir = await pagedDataDir();
  // An event linking every kind of record an event links to.
  await writeRecords(
    dataDir,
    [],
    [
      makeEvent(77, '2026-12-01T00:00:00Z', {
        agencies: ['nasa'],
        spacestations: ['iss'],
        program: ['iss'],
        launches: ['00000000-0000-4000-8000-000000000001'],
      }),
    ],
  );
  data = await checkedData(dataDir);
});
afterAll(() => removeDir(dataDir));

const trees = new Map<string, Map<string, string>>();
/** The site of the data in one tree, built once (a copy of it: tests may change it). */
const tree = ({ collectionDetails = 'rewrites' }: Partial<BuildInputs>) => {
  if (!trees.has(collectionDetails))
    trees.set(
      collectionDetails,
      new Map(siteFiles(data, { now: NOW, baseUrl: BASE, collectionDetails }).map((f) => [f.path, String(f.content)])),
    );
  return new Map(trees.get(collectionDetails));
};

describe('every link of a build', () => {
  it.each(['rewrites', 'files'] as const)(
    'resolves to the published object or page it names (%s)',
    (collectionDetails) => {
      const files = tree({ collectionDetails });
      const report = checkLinks(files, BASE);
      expect(report.dangling).toEqual([]);
      expect(report.links).toBeGreaterThan(5000);
      // Links to every list route and to a detail of every resource were among them.
      const linked = new Set(
        [...files.values()].flatMap((text) => text.match(/https:\/\/links\.example\.org\/api\/2\.3\.0\/[^"]*/g) ?? []),
      );
      for (const route of listRoutes()) expect(linked, route.path).toContain(`${BASE}${route.path}`);
      for (const route of detailRoutes().filter(
        (r) =>
          r.memberOf === undefined &&
          [
            'launches',
            'events',
            'agencies',
            'pads',
            'locations',
            'launcherConfigurations',
            'programs',
            'spaceStations',
          ].includes(r.resource),
      )) {
        const prefix = `${BASE}${route.path.replace(/:[a-z]+\/$/, '')}`;
        expect(
          [...linked].some((link) => link.startsWith(prefix) && /\/[0-9a-f-]+\/$/.test(link.slice(prefix.length - 1))),
          route.path,
        ).toBe(true);
      }
    },
  );

  it('finds a link that names no file, or another object', () => {
    const files = tree({});
    const agency = [...files.keys()].find((f) => /^2\.3\.0\/agencies\/\d+\/index\.json$/.test(f))!;
    files.delete(agency);
    expect(
      checkLinks(files, BASE).dangling.some((line) =>
        line.includes(`${BASE}${agency.slice(6, -'index.json'.length)} answers 404`),
      ),
    ).toBe(true);
    const pad = [...files.keys()].find((f) => /^2\.3\.0\/pads\/\d+\/index\.json$/.test(f))!;
    files.set(pad, files.get(pad)!.replace(/^\{"id":\d+/, '{"id":123456'));
    expect(checkLinks(files, BASE).dangling.some((line) => line.includes('is object 123456'))).toBe(true);
  });
});
