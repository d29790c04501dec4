// Validators compiled ahead of time (validator-modules.ts) must judge every value
// as ajv's compiled validators do, with the same errors, since problems are made
// from those errors (schema-check.ts).

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFileSchemas } from '../scripts/schemas/data-files.ts';
import {
  createAjv,
  createFileValidator,
  dataFormats,
  loadValidatorModule,
  validatorModuleFile,
} from '../scripts/lib/data/schema-check.ts';
import { writeValidatorModules } from '../scripts/lib/data/validator-modules.ts';
import { parseYamlSource } from '../scripts/lib/data/source.ts';
import type { LoadedFile } from '../scripts/lib/data/files.ts';
import { FIXTURE_DIR, removeDir, tempDir } from './helpers/data.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The value with one change at every place: each leaf of another type, null or a bad string; each key removed; an unknown key in each mapping. */
function variants(value: Json): Json[] {
  const out: Json[] = [];
  const replacements = (leaf: Json): Json[] => [
    null,
    typeof leaf === 'string' ? 42 : 'x',
    'not a date or URL',
    '2026-13-45T99:00:00Z',
    'ftp://example.org',
    [],
    {},
  ];
  const walk = (node: Json, rebuild: (replacement: Json | undefined) => Json) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, (r) =>
          rebuild(r === undefined ? node.filter((_, j) => j !== i) : node.map((x, j) => (j === i ? r : x))),
        );
      });
      out.push(rebuild([...node, 'extra item']));
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        walk(node[key], (r) => {
          const copy = { ...node };
          if (r === undefined) delete copy[key];
          else copy[key] = r;
          return rebuild(copy);
        });
      }
      out.push(rebuild({ ...node, unknown_field: 1 }));
    }
    if (node === null || typeof node !== 'object' || Object.keys(node).length > 0) {
      for (const r of replacements(node)) out.push(rebuild(r));
      out.push(rebuild(undefined) ?? null);
    }
  };
  walk(value, (r) => r ?? null);
  return out;
}

/** A launch history as data/history/ holds them (docs/history.md). */
const HISTORY_SAMPLE = `launch: 11111111-2222-4333-8444-555555555555
first_seen:
  seen: 2030-01-10T00:00:00Z
  source: ll2-list
  saved_by: example/saver
  ll2_last_updated: 2030-01-09T00:00:00Z
  name: Falcon 9 Block 5 | Fixture Resupply
  net: 2030-02-20T12:00:00Z
  net_precision: minute
  window_start: 2030-03-01T11:55:00Z
  window_end: 2030-03-01T12:05:00Z
  status: tbd
  probability: null
  pad: slc-40
  configuration: falcon-9-block-5
changes:
  - seen: 2030-01-20T00:00:00Z
    source: ll2-sync
    net: [2030-02-20T12:00:00Z, 2030-03-01T12:00:00Z]
    status: [tbd, go]
    probability: [null, 80]
`;

let dir: string;
const fixtures = new Map<string, Json[]>(); // schema name → values of the fixture files
beforeAll(async () => {
  dir = await tempDir();
  writeValidatorModules(dir);
  for (const relative of await fg('**/*.yaml', { cwd: FIXTURE_DIR })) {
    const name = relative.startsWith('launches/')
      ? 'launch'
      : relative.startsWith('events/')
        ? 'event'
        : path.basename(relative, '.yaml');
    const parsed = parseYamlSource(relative, await readFile(path.join(FIXTURE_DIR, relative)));
    fixtures.set(name, [...(fixtures.get(name) ?? []), parsed.file!.value as Json]);
  }
  // The fixture folder holds no launch history (its launches' outputs would change): one here, every kind of field in it.
  fixtures.set('history', [
    parseYamlSource('history/2030/crs-demo.yaml', Buffer.from(HISTORY_SAMPLE)).file!.value as Json,
  ]);
});
afterAll(() => removeDir(dir));

describe('precompiled validators', () => {
  it('exist for every data-file schema', () => {
    expect(Object.keys(dataFileSchemas()).sort()).toEqual([...fixtures.keys()].sort());
  });

  it('accept and reject what compiled validators do, with the same errors', () => {
    const ajv = createAjv({ checkSchemas: false });
    let rejected = 0;
    for (const [name, schema] of Object.entries(dataFileSchemas())) {
      const compiled = ajv.compile(schema);
      const precompiled = loadValidatorModule(validatorModuleFile(dir, name), dataFormats());
      for (const value of fixtures.get(name)!.flatMap((v) => [v, ...variants(v)])) {
        const verdict = compiled(value);
        expect(precompiled(value), `${name}: ${JSON.stringify(value).slice(0, 200)}`).toBe(verdict);
        expect(precompiled.errors ?? null).toEqual(compiled.errors ?? null);
        if (!verdict) rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(1000); // the variants reach every kind of error
  });

  it('give the same problems through the file validator, and are the ones used when present', () => {
    const fromModules = createFileValidator(dir);
    const compiledHere = createFileValidator(undefined);
    const launch = fixtures.get('launch')![0] as Record<string, Json>;
    const file = (value: Json) =>
      parseYamlSource('launches/x.yaml', Buffer.from(JSON.stringify(value))).file! as LoadedFile;
    const bad = Object.assign(file({ ...launch, net: '2026-02-30T10:00:00Z', unknown_field: 1 }), {
      kind: 'launch' as const,
      name: 'x',
    });
    const problems = fromModules(bad);
    expect(problems.map((p) => p.rule).sort()).toEqual(['bad-timestamp', 'unknown-field']);
    expect(problems).toEqual(compiledHere(bad));
    // A folder without a module for the schema: compiled here instead.
    expect(createFileValidator(path.join(dir, 'none'))(bad)).toEqual(problems);
  });

  it('are loaded from the folder given, not compiled, when there', async () => {
    const stand = await tempDir();
    try {
      const error = {
        keyword: 'required',
        instancePath: '',
        schemaPath: '#/required',
        params: { missingProperty: 'from_the_module' },
      };
      await writeFile(
        validatorModuleFile(stand, 'launch'),
        `module.exports = () => { const v = () => { v.errors = [${JSON.stringify(error)}]; return false; }; return v; };`,
      );
      const launch = Object.assign(
        parseYamlSource('launches/x.yaml', Buffer.from(JSON.stringify(fixtures.get('launch')![0]))).file!,
        { kind: 'launch' as const, name: 'x' },
      );
      expect(createFileValidator(stand)(launch).map((p) => p.message)).toEqual([
        'required field "from_the_module" is missing',
      ]);
    } finally {
      await removeDir(stand);
    }
  });
});
