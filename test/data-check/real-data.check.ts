// `npm run check:data`: what proves a data edit, on the real data/ and in a minute or
// two rather than the whole suite's minutes. The real commands (validate, then build
// into a temporary folder), the smoke test against that build served by the Node
// server, and every response of the build against our response schemas (which
// test/official-schema.test.ts holds to LL2's official ones), and every object of every
// kind against the official LL2 2.3.0 schemas where ../shared/reference/ has them.
// Not part of `npm test` (vitest.data.config.ts runs it): the suite checks the code on fixtures.

import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../scripts/lib/data/schema-check.ts';
import { smokeCheck } from '../../scripts/lib/publish/smoke.ts';
import { createApiServer, listen } from '../../scripts/lib/query/node-server.ts';
import { responseSchemas } from '../../scripts/schemas/responses.ts';
import { removeDir, tempDir } from '../helpers/data.ts';
import { freePort } from '../helpers/http.ts';
import { OBJECT_SCHEMA, officialOpenApiAvailable, officialValidators } from '../helpers/official-schema.ts';
import { ROOT, runProcess, STACK_LINE, type CliResult } from '../helpers/run-cli.ts';
import { readTree, responseKindOf } from '../helpers/tree.ts';

const DATA = process.env.DATA_DIR ?? path.join(ROOT, 'data');
// A port free now, for the build to name and the smoke test's server to listen on: links and answers agree.
let port: number;
let BASE_URL: string;
/** The launches' and events' responses, with LL2's schema of their objects. */

let root: string;
let out: string;
let validate: CliResult;
let build: CliResult;
let tree: Map<string, Buffer>;

const run = (command: string, args: string[]) =>
  runProcess([path.join(ROOT, 'scripts/run.mjs'), command, '--data-dir', DATA, ...args], {
    command: [process.execPath],
    timeoutMs: 600_000,
  });

beforeAll(async () => {
  port = await freePort();
  // The address the Node server names when it listens on 127.0.0.1 (query/listen-origin.ts).
  BASE_URL = `http://localhost:${port}/2.3.0/`;
  root = await tempDir('lss-check-data-');
  out = path.join(root, 'public');
  validate = await run('validate', []);
  if (validate.code !== 0) return;
  build = await run('build', ['--out-dir', out, '--base-url', BASE_URL, '--cache-dir', path.join(root, 'cache')]);
  if (build.code === 0) tree = await readTree(out);
}, 900_000);

afterAll(async () => removeDir(root));

describe(`the data in ${path.relative(process.cwd(), DATA) || '.'}`, () => {
  it('validates (npm run validate)', () => {
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    expect(validate.stderr).not.toMatch(STACK_LINE);
  });

  it('builds (npm run build)', () => {
    expect(build?.code, build && build.stdout + build.stderr).toBe(0);
  });

  it('answers the smoke test, served by the Node server', async () => {
    expect(tree).toBeDefined();
    const server = createApiServer({ root: out, cacheSeconds: -1 });
    try {
      await listen(server, port, '127.0.0.1');
      const report = await smokeCheck(BASE_URL);
      expect(report.problems).toEqual([]);
      expect(report.passed.length).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  }, 120_000);

  it("publishes every response as our schemas say, and every object as LL2's official schemas do", () => {
    expect(tree).toBeDefined();
    const ajv = createAjv();
    const ours = new Map<string, ValidateFunction>(
      Object.entries(responseSchemas(BASE_URL)).map(([kind, schema]) => [kind, ajv.compile(schema)]),
    );
    const official = officialOpenApiAvailable ? officialValidators([...new Set(Object.values(OBJECT_SCHEMA))]) : {};
    if (!officialOpenApiAvailable)
      console.warn(
        '[check:data] the official LL2 document is not in ../shared/reference/: checked against our schemas only',
      );
    const failures: string[] = [];
    // LL2's own schemas, each object of each page and detail (the values we publish as null where the document types
    // them never null are listed, with why, in helpers/official-schema.ts and docs/differences.md).
    const officialMisfits: string[] = [];
    let checked = 0;
    for (const [file, bytes] of tree) {
      const kind = responseKindOf(file);
      if (!kind) continue;
      const body = JSON.parse(bytes.toString('utf8'));
      const check = ours.get(kind);
      if (check && !check(body)) failures.push(`${file}: ${JSON.stringify(check.errors?.slice(0, 3))}`);
      const officialCheck = official[OBJECT_SCHEMA[kind]];
      if (officialCheck) {
        for (const object of kind.endsWith('-page') ? body.results : [body]) {
          if (!officialCheck(object))
            officialMisfits.push(
              `${file} ${object.id} (LL2's ${OBJECT_SCHEMA[kind]}): ${JSON.stringify(officialCheck.errors?.slice(0, 3))}`,
            );
        }
      }
      checked++;
      if (failures.length >= 20) break;
    }
    expect(failures).toEqual([]);
    expect(
      officialMisfits.slice(0, 20),
      `${officialMisfits.length} object(s) differ from LL2's official schemas`,
    ).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  }, 600_000);
});
