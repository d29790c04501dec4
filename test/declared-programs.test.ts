// Programs, declared once (scripts/schemas/resources/programs.ts): the `Program`
// definition made from its field list is the one written by hand before
// (test/fixtures/decl/program-definition.json, as the build at d5b705f published it),
// and the object others nest (`nestedAs: 'normal'`) is built once per key and shared
// by launches, rocket configurations and the programs' own list. On the checked-in fixture.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';

describe('programs, declared', () => {
  let data: DataSet;
  beforeAll(async () => {
    data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  });

  it("has the definition written by hand before, under LL2's name `Program`", () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/decl/program-definition.json', import.meta.url), 'utf8'),
    );
    expect({ Program: responseDefinitions().Program }).toEqual(before);
    expect(responseDefinitions().ProgramNormal).toBeUndefined();
  });

  it('builds the object others nest once per key, the one a launch carries', () => {
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const withProgram = data.launches.find((l) => (l.program ?? []).length > 0)!;
    const key = withProgram.program![0];
    const program = shaper.declared.programs.normal(key);
    expect(program).toMatchObject({ response_mode: 'normal', url: expect.stringMatching(/\/programs\/\d+\/$/) });
    expect(shaper.declared.programs.normal(key)).toBe(program);
    expect((shaper.launchNormal(withProgram) as { program: unknown[] }).program[0]).toBe(program);
  });
});
