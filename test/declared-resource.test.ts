// A resource declared once (scripts/schemas/resources/) reaches every registry: a
// made-up kind, probes (test/helpers/probe-declaration.ts), joins the list for this
// file only, and the data files, editor settings, paths, route list, shapes,
// response schemas, OpenAPI document, query table and LL2 parameters, the
// reference rule and the input keys all have it, with nothing else written for it.
// And the expeditions' definitions made from their field list are the ones that
// were written by hand before (test/fixtures/decl/expedition-definitions.json, as
// schemas/responses.ts gave them at d5b705f). On the checked-in fixture; by hand.

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../scripts/schemas/resources/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../scripts/schemas/resources/index.ts')>();
  const { PROBES } = await import('./helpers/probe-declaration.ts');
  return { ...real, DECLARED_RESOURCES: [...real.DECLARED_RESOURCES, PROBES] };
});

import { createContext } from '../scripts/lib/api/context.ts';
import { REFERENCE_PATHS } from '../scripts/lib/api/paths.ts';
import { REFERENCE_RESOURCES } from '../scripts/lib/api/reference-resources.ts';
import { ROUTES } from '../scripts/lib/api/routes.ts';
import { editorSchemaFiles } from '../scripts/lib/data/editor-schemas.ts';
import { REFERENCE_REFERENCES } from '../scripts/lib/model/references.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { LL2_PARAMETERS } from '../scripts/lib/query/ll2-parameters.ts';
import { REFERENCE_TABLES } from '../scripts/lib/query/reference-tables.ts';
import { placeDeclared } from '../scripts/schemas/resources/declaration.ts';
import { REFERENCE_FILES, REFERENCE_KINDS, type ReferenceKind } from '../scripts/schemas/data-files.ts';
import { responseDefinitions, responseSchemas } from '../scripts/schemas/responses.ts';
import { copyFixture, removeDir } from './helpers/data.ts';
import { fixtureApi, type FixtureApi } from './helpers/fixture-api.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const PROBES = 'probes' as ReferenceKind;

const probesYaml = (station = 'iss', twin = 'zeta'): string =>
  [
    'zeta:',
    '  id: 1',
    '  name: Zeta Probe',
    `  space_station: ${station}`,
    '  launched: 2026-03-01T00:00:00Z',
    'alpha:',
    '  id: 2',
    '  name: Alpha Probe',
    '  space_station: iss',
    `  twin: ${twin}`,
    '',
  ].join('\n');

describe('a resource declared once', () => {
  it('is in the data-file registry, the editor settings, the paths and the references', () => {
    expect(REFERENCE_KINDS[PROBES as keyof typeof REFERENCE_KINDS]).toMatchObject({
      required: ['id', 'name', 'space_station'],
    });
    expect(REFERENCE_FILES[PROBES as keyof typeof REFERENCE_FILES]).toBe('probes');
    const files = editorSchemaFiles();
    expect(JSON.parse(files.get('data/schemas/probes.schema.json')!).additionalProperties).toMatchObject({
      required: ['id', 'name', 'space_station'],
    });
    expect(JSON.parse(files.get('.vscode/settings.json')!)['yaml.schemas']['./data/schemas/probes.schema.json']).toBe(
      'data/reference/probes.yaml',
    );
    expect(REFERENCE_PATHS[PROBES]).toBe('probes/');
    expect(REFERENCE_REFERENCES[PROBES as keyof typeof REFERENCE_REFERENCES]).toEqual([
      [['space_station'], 'spaceStations'],
      [['twin'], 'probes'],
    ]);
  });

  it('has a list and a detail route, response schemas and a query table with a row per LL2 parameter', () => {
    expect(ROUTES.filter((r) => r.kind !== 'document' && r.resource === PROBES).map((r) => [r.kind, r.path])).toEqual([
      ['list', 'probes/'],
      ['detail', 'probes/:id/'],
    ]);
    // With no placement it goes after every resource written by hand.
    expect(REFERENCE_RESOURCES.at(-1)?.kind).toBe(PROBES);
    expect(Object.keys(responseSchemas(BASE_URL))).toEqual(expect.arrayContaining(['probe-page', 'probe-detailed']));
    expect(Object.keys(responseDefinitions().ProbeDetailed.properties as object)).toEqual([
      'id',
      'url',
      'name',
      'response_mode',
      'spacestation',
      'launched',
    ]);
    expect(Object.keys(responseDefinitions().ProbeMini.properties as object)).toEqual(['id', 'url', 'name']);
    const table = REFERENCE_TABLES[PROBES];
    expect(table.parameters.map((p) => p.name).sort()).toEqual([...LL2_PARAMETERS['probes/']].sort());
    expect(LL2_PARAMETERS['probes/']).toContain('launched__gte');
  });
});

describe('a declared resource built from its data file', () => {
  let api: FixtureApi;
  beforeAll(async () => {
    api = await fixtureApi(NOW, BASE_URL, (dir) => writeFile(path.join(dir, 'reference/probes.yaml'), probesYaml()));
  });

  it('publishes its list in its order (by name) and its detail, with the station it nests', () => {
    const page = api.json('2.3.0/probes/index.json');
    expect(page.results.map((p: { name: string }) => p.name)).toEqual(['Alpha Probe', 'Zeta Probe']);
    // The ISS as the fixture's expedition nests it in normal mode (`SpaceStation`).
    const station = api.json('2.3.0/expeditions/index.json').results[0].spacestation;
    expect(station.id).toBe(4);
    expect(api.json('2.3.0/probes/1/index.json')).toEqual({
      id: 1,
      url: `${BASE_URL}probes/1/`,
      name: 'Zeta Probe',
      response_mode: 'detailed',
      spacestation: station,
      launched: '2026-03-01T00:00:00Z',
    });
    expect(page.results[0]).not.toHaveProperty('launched');
  });

  it('is in the OpenAPI document', () => {
    const doc = api.json('2.3.0/openapi.json');
    expect(Object.keys(doc.paths).filter((p) => p.includes('probes'))).toHaveLength(2);
  });

  it('answers its filters, search and ordering through the query engine', async () => {
    expect((await api.get('probes/?space_station=4')).body.count).toBe(2);
    expect(
      (await api.get('probes/?launched__gt=2026-01-01T00:00:00Z')).body.results.map((p: { id: number }) => p.id),
    ).toEqual([1]);
    expect((await api.get('probes/?search=alpha')).body.count).toBe(1);
    expect((await api.get('probes/?ordering=-id')).body.results.map((p: { id: number }) => p.id)).toEqual([2, 1]);
    expect((await api.get('probes/?launched__gt=soon')).status).toBe(400);
  });
});

describe('a declared resource checked and keyed', () => {
  it('names a station or a probe we do not hold with file, line and column, in its own words', async () => {
    const dir = await copyFixture();
    try {
      await writeFile(path.join(dir, 'reference/probes.yaml'), probesYaml('mir'));
      const checked = await validateDataDir(dir, NOW);
      const problem = checked.problems.find((p) => p.message.includes('mir'));
      expect(problem?.message).toContain('unknown space station "mir"');
      expect(problem?.file).toContain('probes.yaml');
      expect(problem?.line).toBe(4);
      // A record naming a probe we do not hold: the probe's own title.
      await writeFile(path.join(dir, 'reference/probes.yaml'), probesYaml('iss', 'omega'));
      const twin = (await validateDataDir(dir, NOW)).problems.find((p) => p.message.includes('omega'));
      expect(twin?.message).toContain('unknown probe "omega"');
      expect(twin?.line).toBe(10);
    } finally {
      await removeDir(dir);
    }
  });

  it('has input keys of its own that follow its record', async () => {
    const keysOf = async (yaml: string) => {
      const dir = await copyFixture();
      try {
        await writeFile(path.join(dir, 'reference/probes.yaml'), yaml);
        const { dataset } = await validateDataDir(dir, NOW);
        return createContext(dataset!, { now: NOW, baseUrl: BASE_URL }).keys.reference(PROBES, 'detailed');
      } finally {
        await removeDir(dir);
      }
    };
    const keyOf = await keysOf(probesYaml());
    const renamedKeyOf = await keysOf(probesYaml().replace('Zeta Probe', 'Zeta Probe II'));
    expect(keyOf('zeta')).not.toBe(keyOf('alpha'));
    expect(renamedKeyOf('zeta')).not.toBe(keyOf('zeta'));
    // The same data gives the same key.
    expect((await keysOf(probesYaml()))('zeta')).toBe(keyOf('zeta'));
  });
});

describe("the expeditions' definitions, made from their field list", () => {
  it('are the ones written by hand before', () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/decl/expedition-definitions.json', import.meta.url), 'utf8'),
    );
    const defs = responseDefinitions();
    expect({
      ExpeditionMini: defs.ExpeditionMini,
      ExpeditionNormal: defs.ExpeditionNormal,
      ExpeditionDetailed: defs.ExpeditionDetailed,
    }).toEqual(before);
  });
});

describe('placeDeclared', () => {
  const hand = [
    ['a', 1],
    ['b', 2],
  ] as const;
  const place = (declared: Array<[string, string | undefined]>) =>
    placeDeclared(
      hand,
      declared,
      ([key]) => [key, 0] as const,
      ([, after]) => after,
    ).map(([key]) => key);

  it('puts each declared entry after its anchor, in the list order, and the others last', () => {
    expect(place([['x', 'a']])).toEqual(['a', 'x', 'b']);
    expect(
      place([
        ['x', 'a'],
        ['y', 'a'],
      ]),
    ).toEqual(['a', 'x', 'y', 'b']);
    expect(
      place([
        ['x', 'a'],
        ['y', 'x'],
      ]),
    ).toEqual(['a', 'x', 'y', 'b']);
    expect(
      place([
        ['x', undefined],
        ['y', 'nowhere'],
        ['z', 'b'],
      ]),
    ).toEqual(['a', 'b', 'z', 'x', 'y']);
  });

  it('keeps the expeditions where they were written by hand: after the docking events', () => {
    const next = (keys: string[]) => keys[keys.indexOf('dockingEvents') + 1];
    expect(next(Object.keys(REFERENCE_KINDS))).toBe('expeditions');
    expect(next(REFERENCE_RESOURCES.map((r) => r.kind))).toBe('expeditions');
    expect(next(Object.keys(REFERENCE_TABLES))).toBe('expeditions');
  });
});
