// The `config/…` lists with a data file, declared once each (scripts/schemas/resources/config.ts):
// the definitions made from their fields are the ones written by hand before
// (test/fixtures/decl/config-definitions.json, as schemas/responses.ts gave them at
// 3b218a0), those whose objects are the shared `IdName` add none of their own and
// their fields give exactly it, the object others nest is the list's own object,
// built once per key, and a declared entry placed after another declared one, or
// first, lands where it stood. On the checked-in fixture.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { DataSet, JsonObject } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { CONFIG_KINDS } from '../scripts/schemas/resources/config.ts';
import { placeDeclared } from '../scripts/schemas/resources/declaration.ts';
import { declaredDefinitions, responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
const before = JSON.parse(readFileSync(new URL('./fixtures/decl/config-definitions.json', import.meta.url), 'utf8'));

describe('the config lists, declared', () => {
  it('have the definitions written by hand before', () => {
    const definitions = responseDefinitions();
    for (const name of Object.keys(before)) expect({ [name]: definitions[name] }).toEqual({ [name]: before[name] });
  });

  it.each(CONFIG_KINDS.filter((d) => d.sharedDefinition).map((d) => [d.kind, d] as const))(
    '%s adds no definition, and its fields give the shared IdName',
    (_, d) => {
      expect(declaredDefinitions(d)).toEqual([['IdName', before.IdName]]);
      expect(responseDefinitions()).not.toHaveProperty(`${d.ll2}Normal`);
    },
  );

  describe('as other objects nest them', () => {
    let data: DataSet;
    beforeAll(async () => {
      data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
    });

    it("are the list's own objects, built once per key", () => {
      const shaper = createShaper(data, computeStats(data), BASE_URL);
      const [agencyKey, agency] = [...data.reference.agencies].find(([, a]) => (a.country as string[]).length > 0)!;
      const nested = shaper.declared.agencies.normal(agencyKey) as JsonObject;
      const country = shaper.declared.countries.normal((agency.country as string[])[0]);
      expect((nested.country as unknown[])[0]).toBe(country);
      expect(nested.type).toBe(shaper.declared.agencyTypes.normal(String(agency.type)));
      expect(country).toMatchObject({ alpha_3_code: expect.stringMatching(/^[A-Z]{3}$/) });
    });

    it("nest an orbit's celestial body in list mode", () => {
      const shaper = createShaper(data, computeStats(data), BASE_URL);
      const [key, orbit] = [...data.reference.orbits][0];
      const body = data.reference.celestialBodies.get(String(orbit.celestial_body))!;
      expect(shaper.declared.orbits.normal(key)).toEqual({
        id: orbit.id,
        name: orbit.name,
        abbrev: orbit.abbrev,
        celestial_body: { response_mode: 'list', id: body.id, name: body.name },
      });
    });
  });
});

describe('placing declared entries', () => {
  const entries = [
    ['a', 0],
    ['b', 0],
  ] as const;
  const place = (declared: Array<[string, string | null | undefined]>) =>
    placeDeclared(
      entries,
      declared,
      ([key]) => [key, 1],
      ([, after]) => after,
    ).map(([key]) => key);

  it('puts one first for null, after a declared one listed later, and the rest last', () => {
    expect(
      place([
        ['x', 'y'],
        ['y', null],
        ['z', 'b'],
        ['w', undefined],
        ['v', 'nowhere'],
      ]),
    ).toEqual(['y', 'x', 'a', 'b', 'z', 'w', 'v']);
  });

  it('puts a second one after the same anchor after the first', () => {
    expect(
      place([
        ['x', 'a'],
        ['y', 'a'],
        ['p', null],
        ['q', null],
      ]),
    ).toEqual(['p', 'q', 'a', 'x', 'y', 'b']);
  });
});
