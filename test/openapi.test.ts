import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailFolder, detailRoutes, listRoutes, ownDetailRoute, resolveRewrite } from '../scripts/lib/api/routes.ts';
import { CONFIG_LISTS, configListPath, type ConfigList } from '../scripts/schemas/config-lists.ts';
import { BASE_URL, buildFeatureSite, type FeatureSite } from './helpers/feature-site.ts';
import { parseComponents, physicalLineProblems, structureProblems } from './helpers/ical.ts';

type Node = Record<string, any>;

let site: FeatureSite;
let doc: Node;
beforeAll(async () => {
  site = await buildFeatureSite();
  doc = site.json('2.3.0/openapi.json');
});
afterAll(async () => site?.cleanup());

const SCHEMA_REF = /^#\/components\/schemas\//;

/**
 * The detail paths of the lists this build publishes empty (config lists whose
 * records this data set lacks, `config/notice_types/`): no record, so no detail
 * file and no example (test/config-lists.test.ts publishes every one), and the root lists
 * our records hold nothing for (`payloads/`: test/unheld-lists.test.ts).
 */
const ROOT_LISTS = new Set((CONFIG_LISTS as readonly ConfigList[]).filter((c) => c.root).map(configListPath));
const emptyListDetails = (): Set<string> =>
  new Set(
    listRoutes()
      .filter(
        (route) =>
          (route.path.startsWith('config/') || ROOT_LISTS.has(route.path)) &&
          site.json(`2.3.0/${route.path}index.json`).count === 0,
      )
      .map((route) => `/${route.path}{id}/`),
  );

/** Every response content of every operation, with where it is. */
function contents(): Array<{ where: string; mediaType: string; content: Node }> {
  const out: Array<{ where: string; mediaType: string; content: Node }> = [];
  const responses = (where: string, map: Node) => {
    for (const [status, response] of Object.entries(map)) {
      for (const [mediaType, content] of Object.entries((response as Node).content ?? {}))
        out.push({ where: `${where} ${status}`, mediaType, content: content as Node });
    }
  };
  for (const [path, item] of Object.entries(doc.paths as Node)) responses(path, (item as Node).get.responses);
  responses(
    'components.responses',
    Object.fromEntries(Object.entries(doc.components.responses as Node).map(([k, v]) => [k, v])),
  );
  return out;
}

/** A validator for one component schema, refs rewritten to $defs, JSON Schema 2020-12. */
function schemaValidator() {
  const defs = JSON.parse(JSON.stringify(doc.components.schemas).replace(/#\/components\/schemas\//g, '#/$defs/'));
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'https://schemas.invalid/components', $defs: defs });
  return (ref: string) => ajv.getSchema(`https://schemas.invalid/components${ref.replace(SCHEMA_REF, '#/$defs/')}`)!;
}

/** The request path a published file answers (`x/index.json` → `/x/`). */
const requestPathOf = (file: string): string => `/${file.slice('2.3.0/'.length)}`.replace(/(^|\/)index\.json$/, '$1');

/** A documented path template as a regular expression, its parameters constrained by their schemas. */
function templateMatcher(template: string, parameters: Node[] = []): (path: string) => boolean {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return (path) => {
    const m = pattern.exec(path);
    if (!m) return false;
    return names.every((name, i) => {
      const schema = parameters.find((p) => p.name === name)!.schema as Node;
      const value = m[i + 1];
      if (schema.type === 'integer') {
        const n = Number(value);
        return (
          /^\d+$/.test(value) &&
          (schema.minimum === undefined || n >= schema.minimum) &&
          (schema.maximum === undefined || n <= schema.maximum) &&
          (!schema.enum || schema.enum.includes(n))
        );
      }
      return (
        (!schema.pattern || new RegExp(schema.pattern).test(value)) && (!schema.enum || schema.enum.includes(value))
      );
    });
  };
}

describe('openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.3.0');
    expect(doc.servers).toEqual([{ url: BASE_URL.replace(/\/$/, ''), description: 'This build' }]);
  });

  it('documents the four endpoints with their response schemas and the JSON 404', () => {
    const expected = {
      '/launches/upcoming/': 'LaunchPage',
      '/launches/previous/': 'LaunchPage',
      '/launches/': 'LaunchPage',
      '/events/upcoming/': 'EventPage',
    };
    for (const [path, schema] of Object.entries(expected)) {
      const responses = doc.paths[path]?.get?.responses;
      expect(responses, path).toBeDefined();
      expect(responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      expect(responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    }
    expect(doc.components.schemas.LaunchPage.properties.results).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/LaunchNormal' },
    });
  });

  it('documents the pages, the detail resources, the calendars and the snapshot', () => {
    for (const path of [
      '/launches/upcoming/page/{page}/',
      '/launches/page/{page}/',
      '/launches/{id}/',
      '/events/{id}/',
      '/status.json',
      '/',
      '/calendars/',
      '/calendars/launches/upcoming.ics',
      '/calendars/events/upcoming.ics',
      '/calendars/providers/{agency_id}.ics',
      '/openapi.json',
      '/snapshot/launch-schedule-snapshot.tar.gz',
      '/snapshot/manifest.json',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/calendars/providers/{agency_id}.ics'].get.parameters[0].schema.enum).toEqual([44, 66, 121]);
    expect(doc.paths['/launches/upcoming/page/{page}/'].get.parameters[0].schema).toEqual({
      type: 'integer',
      minimum: 2,
      maximum: 2,
    });
    expect(doc.paths['/events/page/{page}/']).toBeUndefined(); // one page only: no later pages are published
    expect(doc.paths['/calendars/launches/upcoming.ics'].get.responses['200'].content).toHaveProperty('text/calendar');
  });

  it('places the snapshot, which the deploy writes beside the API root, on the site root', () => {
    const snapshot = Object.entries(doc.paths as Node).filter(([path]) => path.startsWith('/snapshot/'));
    expect(snapshot.length).toBe(3);
    for (const [, item] of snapshot) expect(item.servers[0].url).toBe('https://mirror.example.org/some/path');
    expect(Object.entries(doc.paths as Node).filter(([, item]) => item.servers).length).toBe(3);
  });

  it('describes exactly the published files under 2.3.0/, and publishes every path it describes', () => {
    const operations = Object.entries(doc.paths as Node)
      .filter(([, item]) => !(item as Node).servers) // the snapshot: on the site root, written by the deploy
      .map(([template, item]) => ({ template, matches: templateMatcher(template, (item as Node).get.parameters) }));
    const published = [
      ...new Set(
        [...site.files.keys()]
          .filter((f) => f.startsWith('2.3.0/'))
          .map((f) => f.replace(/\.(gz|br)$/, '')) // compressed twins: the same resource, another Content-Encoding
          .filter((f) => f !== '2.3.0/404.json'),
      ),
    ]; // 404.json: the NotFound response
    const undocumented = published.filter((file) => !operations.some((op) => op.matches(requestPathOf(file))));
    expect(undocumented).toEqual([]);
    // Detail routes under a collection answer through the rewrites of _redirects, with their own detail file.
    const rules = site
      .text('_redirects')
      .split('\n')
      .filter((l) => l.startsWith('/'))
      .map((l) => {
        const [from, to] = l.split(/\s+/);
        return { from, to, dynamic: from.includes(':') };
      });
    const rewritten = detailRoutes()
      .filter((r) => r.memberOf !== undefined)
      .flatMap((route) =>
        published
          .map(
            (file) =>
              new RegExp(`^2\\.3\\.0/${detailFolder(ownDetailRoute(route.resource), '([^/]+)')}index\\.json$`).exec(
                file,
              )?.[1],
          )
          .filter((id): id is string => id !== undefined)
          .map((id) => `/${detailFolder(route, id)}`)
          .filter((path) => site.files.has((resolveRewrite(rules, `/2.3.0${path}`) ?? '').slice(1))),
      );
    expect(rewritten.length).toBeGreaterThan(100);
    const paths = [...published.map(requestPathOf), ...rewritten];
    const empty = emptyListDetails();
    const unpublished = operations
      .filter((op) => !paths.some(op.matches))
      .map((op) => op.template)
      .filter((template) => !empty.has(template));
    expect(unpublished).toEqual([]);
  });

  it('compiles every component schema as JSON Schema 2020-12', () => {
    const validatorFor = schemaValidator();
    for (const name of Object.keys(doc.components.schemas))
      expect(validatorFor(`#/components/schemas/${name}`), name).toBeTypeOf('function');
  });

  it('has an example for every JSON response of a resource, each valid against its own response schema', () => {
    const validatorFor = schemaValidator();
    let checked = 0;
    const empty = emptyListDetails();
    for (const { where, mediaType, content } of contents()) {
      if (empty.has(where.split(' ')[0])) continue;
      const examples = Object.values(content.examples ?? {}) as Node[];
      // Every JSON resource of the build has an example; not the schemas and this document (large), nor the snapshot (not built here),
      // nor a query's 400 (an answer of the query engine, not a file of the build).
      const ref: string | undefined = content.schema.$ref;
      if (
        mediaType === 'application/json' &&
        ref &&
        !['JsonSchema', 'OpenApiDocument', 'BadRequest'].includes(ref.replace(SCHEMA_REF, ''))
      ) {
        expect(examples.length, `${where}: no example`).toBeGreaterThan(0);
      }
      for (const example of examples) {
        const validate = validatorFor(content.schema.$ref);
        expect(validate(example.value), `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('has calendar examples that are well-formed iCalendar and parse with ical.js', () => {
    const calendars = contents().filter((c) => c.mediaType === 'text/calendar');
    expect(calendars).toHaveLength(3);
    for (const { where, content } of calendars) {
      const text = (Object.values(content.examples) as Node[])[0].value as string;
      expect(physicalLineProblems(text), where).toEqual([]);
      expect(structureProblems(parseComponents(text)), where).toEqual([]);
      expect(new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').length, where).toBeGreaterThan(0);
    }
  });

  it('takes every example from this build: the file it names, verbatim or its first results', () => {
    const sources = new Set<string>();
    for (const { where, content } of contents()) {
      for (const example of Object.values(content.examples ?? {}) as Node[]) {
        const file = `2.3.0/${example['x-source']}`;
        expect(site.files.has(file), `${where}: ${file}`).toBe(true);
        sources.add(file);
        if (example['x-entries-shown'] !== undefined) {
          // A calendar: the same calendar properties, and the file's first entries, byte for byte.
          const blocks = (text: string) => text.split(/(?=BEGIN:VEVENT\r\n)|(?<=END:VEVENT\r\n)/);
          const shown = blocks(example.value);
          const real = blocks(site.text(file));
          expect(shown[0], where).toBe(real[0]);
          const shownEvents = shown.filter((b) => b.startsWith('BEGIN:VEVENT'));
          expect(shownEvents, where).toHaveLength(example['x-entries-shown']);
          expect(shownEvents, where).toEqual(
            real.filter((b) => b.startsWith('BEGIN:VEVENT')).slice(0, shownEvents.length),
          );
          expect(shown.at(-1), where).toBe(real.at(-1));
        } else if (example['x-results-shown'] !== undefined) {
          const { results, ...envelope } = site.json(file);
          expect({ ...example.value, results: undefined }, where).toEqual({ ...envelope, results: undefined });
          expect(example.value.results, where).toHaveLength(Math.min(example['x-results-shown'], results.length));
          expect(example.value.results, where).toEqual(results.slice(0, example['x-results-shown']));
        } else if (example['x-items-shown'] !== undefined) {
          // One object: the file's, each list of it at any depth its first items.
          const cut = (real: unknown, shown: unknown, at: string): void => {
            if (Array.isArray(real)) {
              expect(shown, at).toEqual(expect.any(Array));
              expect((shown as unknown[]).length, at).toBe(Math.min(real.length, example['x-items-shown']));
              (shown as unknown[]).forEach((item, i) => {
                cut(real[i], item, `${at}[${i}]`);
              });
            } else if (real !== null && typeof real === 'object') {
              expect(Object.keys(shown as object), at).toEqual(Object.keys(real));
              for (const [key, inner] of Object.entries(real))
                cut(inner, (shown as Record<string, unknown>)[key], `${at}.${key}`);
            } else expect(shown, at).toBe(real);
          };
          cut(site.json(file), example.value, where);
          expect(JSON.stringify(example.value).length, where).toBeLessThan(JSON.stringify(site.json(file)).length);
        } else {
          expect(example.value, where).toEqual(site.json(file));
        }
      }
    }
    for (const file of [
      '2.3.0/launches/upcoming/index.json',
      '2.3.0/launches/upcoming/page/2/index.json',
      '2.3.0/status.json',
      '2.3.0/index.json',
      '2.3.0/calendars/index.json',
      '2.3.0/404.json',
    ]) {
      expect(sources).toContain(file);
    }
  });
});

describe('credit of the data', () => {
  it('names Launch Library 2 by The Space Devs, their terms and what this service adds, in status.json and in the document', () => {
    const status = site.json('2.3.0/status.json');
    expect(status.credit).toEqual({
      name: 'Launch Library 2 by The Space Devs',
      url: 'https://thespacedevs.com/llapi',
      terms: expect.stringContaining('attribution'),
      adds: expect.stringContaining('rate limit'),
    });
    expect(doc.info.description).toContain(`Data: ${status.credit.name}`);
    expect(doc.info.description).toContain(status.credit.adds);
    expect(doc.info.license).toEqual({
      name: 'Data: Launch Library 2 by The Space Devs, under their terms of use',
      url: status.credit.url,
    });
  });
});
