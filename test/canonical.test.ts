import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalize, normalizeTimestamp, schemaForFile } from '../scripts/lib/data/canonical.ts';
import { fixDataDir } from '../scripts/lib/data/fix.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { copyFixture, removeDir } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const launch = schemaForFile('launch', '');

describe('canonical form', () => {
  it('orders keys as the schema does, keeps comments, prefers plain scalars and inline key lists', () => {
    const text = [
      'name: "Falcon 9 Block 5 | X"',
      '# the source of the date',
      "net: '2030-01-01T00:00:00Z'",
      'id: 11111111-2222-4333-8444-555555555555',
      'program:',
      '  - iss',
      'mission: {name: X, orbit: leo, type: resupply}',
      '',
    ].join('\n');
    expect(canonicalize(text, launch)).toBe(
      [
        'id: 11111111-2222-4333-8444-555555555555',
        'name: Falcon 9 Block 5 | X',
        '# the source of the date',
        'net: 2030-01-01T00:00:00Z',
        'mission:',
        '  name: X',
        '  type: resupply',
        '  orbit: leo',
        'program: [iss]',
        '',
      ].join('\n'),
    );
  });

  it('keeps quotes where YAML needs them', () => {
    expect(canonicalize("name: 'a: b'\nslug: 'true'\nhashtag: '123'\n", launch)).toBe(
      'slug: "true"\nname: "a: b"\nhashtag: "123"\n',
    );
  });

  it('is stable: canonical text is its own canonical form', () => {
    const once = canonicalize('net: 2030-01-01T02:00:00+02:00\nid: x\n', launch);
    expect(canonicalize(once, launch)).toBe(once);
  });

  it('rewrites timestamps with an offset in UTC, and leaves zone-less ones for validation to report', () => {
    expect(normalizeTimestamp('2030-01-01T02:00:00+02:00')).toBe('2030-01-01T00:00:00Z');
    expect(normalizeTimestamp('2030-01-01T00:00:00.000Z')).toBe('2030-01-01T00:00:00Z');
    expect(normalizeTimestamp('2030-01-01T00:00:00')).toBeUndefined();
    expect(normalizeTimestamp('2030-01-01T00:00:00.5Z')).toBeUndefined();
  });
});

describe('validation and npm run fix', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await copyFixture();
  });
  afterEach(async () => removeDir(dir));

  it('a file out of canonical form fails with the diff and the hint, and fix repairs it', async () => {
    const file = path.join(dir, 'launches/crs-demo.yaml');
    const original = await readFile(file, 'utf8');
    await writeFile(
      file,
      original
        .replace('slug: falcon-9-block-5-fixture-resupply\n', '')
        .replace('pad: slc-40\n', 'pad: slc-40\nslug: falcon-9-block-5-fixture-resupply\n'),
    );
    const result = await validateDataDir(dir, NOW);
    const [problem] = result.problems.filter((p) => p.severity === 'error');
    expect(problem).toMatchObject({ rule: 'not-canonical', line: 2, hint: 'run `npm run fix` to rewrite it' });
    expect(problem.message).toContain('+2: slug: falcon-9-block-5-fixture-resupply');

    const fixed = await fixDataDir(dir, dir);
    expect(fixed.rewritten).toEqual(['launches/crs-demo.yaml']);
    expect(await readFile(file, 'utf8')).toBe(original);
    expect((await validateDataDir(dir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('fix leaves files it cannot parse alone and reports them', async () => {
    const file = path.join(dir, 'launches/crs-demo.yaml');
    await writeFile(file, 'id: [broken\n');
    const fixed = await fixDataDir(dir, dir);
    expect(fixed.problems.map((p) => p.rule)).toEqual(['yaml-syntax']);
    expect(await readFile(file, 'utf8')).toBe('id: [broken\n');
  });
});
