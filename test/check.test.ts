import { readFile, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import type { Problem } from '../scripts/lib/data/problems.ts';
import { copyFixture, removeDir } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const LAUNCH = 'launches/crs-demo.yaml';
let dir: string;

beforeEach(async () => {
  dir = await copyFixture();
});
afterEach(async () => removeDir(dir));

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(dir, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
}

async function errors(): Promise<Problem[]> {
  const result = await validateDataDir(dir, NOW);
  return result.problems.filter((p) => p.severity === 'error');
}

const lineOf = async (file: string, needle: string): Promise<number> =>
  (await readFile(path.join(dir, file), 'utf8')).split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('the fixture', () => {
  it('is valid', async () => {
    const result = await validateDataDir(dir, NOW);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.dataset?.launches).toHaveLength(2);
  });
});

describe('problems name the file, line, column, field and fix', () => {
  it('a YAML syntax error', async () => {
    await edit(LAUNCH, (t) => t.replace('pad: slc-40', 'pad: [slc-40'));
    const [p] = await errors();
    expect(p.rule).toBe('yaml-syntax');
    expect(p.file).toContain(LAUNCH);
    expect(p.line).toBeGreaterThan(0);
  });

  it('an unknown pad, with the nearest key', async () => {
    await edit(LAUNCH, (t) => t.replace('pad: slc-40', 'pad: slc-04'));
    const [p] = await errors();
    expect(p).toMatchObject({
      rule: 'unknown-reference',
      field: 'pad',
      line: await lineOf(LAUNCH, 'pad: slc-04'),
      col: 6,
    });
    expect(p.message).toContain('did you mean "slc-40"');
  });

  it('an unknown provider inside a nested list', async () => {
    await edit(LAUNCH, (t) => t.replace('agencies: [nasa]', 'agencies: [nassa]'));
    const [p] = await errors();
    expect(p).toMatchObject({
      rule: 'unknown-reference',
      field: 'mission.agencies.0',
      line: await lineOf(LAUNCH, 'agencies: [nassa]'),
    });
    expect(p.message).toContain('"nasa"');
  });

  it('an unknown field, with the nearest known one', async () => {
    await edit(LAUNCH, (t) => t.replace('probability', 'x').replace('webcast_live', 'x') + 'probabilty: 80\n');
    const [p] = await errors();
    expect(p).toMatchObject({
      rule: 'unknown-field',
      field: 'probabilty',
      line: await lineOf(LAUNCH, 'probabilty'),
      col: 1,
    });
    expect(p.hint).toContain('"probability"');
  });

  it('a wrong type', async () => {
    await edit(LAUNCH, (t) => `${t}webcast_live: maybe\n`);
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'wrong-type', field: 'webcast_live', line: await lineOf(LAUNCH, 'webcast_live') });
    expect(p.message).toContain('boolean');
  });

  it('an impossible date', async () => {
    await edit(LAUNCH, (t) => t.replace('net: 2030-03-01T12:00:00Z', 'net: 2030-02-30T12:00:00Z'));
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'bad-timestamp', field: 'net', line: await lineOf(LAUNCH, 'net: 2030-02-30') });
    expect(p.message).toContain('not a real date');
  });

  it('a timestamp that is not UTC', async () => {
    await edit(LAUNCH, (t) => t.replace('net: 2030-03-01T12:00:00Z', 'net: 2030-03-01T12:00:00+02:00'));
    const [p] = await errors();
    expect(p.message).toContain('UTC');
    expect(p.hint).toContain('Z');
  });

  it('an id that is not a UUID, and a source that is not a web address', async () => {
    await edit(LAUNCH, (t) =>
      t
        .replace('id: 11111111-2222-4333-8444-555555555555', 'id: 42-crs')
        .replace('https://example.org/fixture', 'example.org/fixture'),
    );
    const problems = await errors();
    expect(problems.find((p) => p.field === 'id')).toMatchObject({ rule: 'bad-key', line: 1 });
    expect(problems.find((p) => p.field === 'id')!.hint).toContain('UUID');
    expect(problems.find((p) => p.field === 'info_urls.0.url')!.hint).toContain('https://');
  });

  it('a window that ends before the NET', async () => {
    await edit(LAUNCH, (t) => t.replace('window_end: 2030-03-01T12:05:00Z', 'window_end: 2030-03-01T11:00:00Z'));
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'window-order', field: 'window_end', line: await lineOf(LAUNCH, 'window_end') });
  });

  it('a launch marked as flown but dated in the future', async () => {
    await edit(LAUNCH, (t) => t.replace('status: go', 'status: success'));
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'flown-in-future', field: 'status' });
  });

  it('a missing required field', async () => {
    await edit(LAUNCH, (t) => t.replace(/^slug: .*\n/m, ''));
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'missing-field', field: 'slug', line: 1 });
  });

  it('a duplicated record', async () => {
    await writeFile(path.join(dir, 'launches/copy.yaml'), await readFile(path.join(dir, LAUNCH)));
    const problems = await errors();
    expect(problems.map((p) => p.rule).sort()).toEqual(['duplicate-id', 'duplicate-slug']);
    expect(problems[0].file).toContain('launches/');
    expect(problems[0].message).toContain('already used by');
  });

  it('a duplicate key in one mapping', async () => {
    await edit(LAUNCH, (t) => `${t}pad: slc-40\n`);
    const [p] = await errors();
    expect(p.rule).toBe('duplicate-key');
  });

  it('a misspelt reference in reference data', async () => {
    await edit('reference/pads.yaml', (t) => t.replace('location: cape-canaveral', 'location: cape-canaveal'));
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'unknown-reference', field: 'slc-40.location' });
    expect(p.message).toContain('"cape-canaveral"');
  });

  it('an event pointing at a launch that does not exist', async () => {
    await edit('events/fixture-docking.yaml', (t) =>
      t.replace('11111111-2222-4333-8444-555555555555', '11111111-2222-4333-8444-000000000000'),
    );
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'unknown-reference', field: 'launches.0' });
  });

  it('every problem of a run is reported at once', async () => {
    await edit(LAUNCH, (t) => t.replace('pad: slc-40', 'pad: slc-04').replace('status: go', 'status: gone'));
    await edit('events/fixture-docking.yaml', (t) => t.replace('type: docking', 'type: dockin'));
    expect((await errors()).map((p) => p.field).sort()).toEqual(['pad', 'status', 'type']);
  });

  it('a bad value does not hide the other problems of its file', async () => {
    await edit(LAUNCH, (t) =>
      t
        .replace('net: 2030-03-01T12:00:00Z', 'net: 2030-02-30T12:00:00Z')
        .replace('pad: slc-40', 'pad: slc-04')
        .replace('orbit: leo', 'orbit: leoo'),
    );
    const problems = await errors();
    expect(problems.map((p) => [p.rule, p.field])).toEqual([
      ['bad-timestamp', 'net'],
      ['unknown-reference', 'mission.orbit'],
      ['unknown-reference', 'pad'],
    ]);
    expect(problems.every((p) => p.file.endsWith(LAUNCH))).toBe(true);
  });

  it('rules still compare the fields that passed when another one failed', async () => {
    await edit(
      LAUNCH,
      (t) =>
        t
          .replace('window_start: 2030-03-01T11:55:00Z', 'window_start: 2030-03-01T12:30:00Z')
          .replace('webcast_live: false', 'webcast_live: maybe') +
        (t.includes('webcast_live') ? '' : 'webcast_live: maybe\n'),
    );
    expect((await errors()).map((p) => [p.rule, p.field])).toEqual([
      ['window-order', 'window_start'],
      ['wrong-type', 'webcast_live'],
    ]);
  });

  it('a record that failed its schema is still checked for a duplicate id, with the failed field left out', async () => {
    await writeFile(
      path.join(dir, 'launches/copy.yaml'),
      (await readFile(path.join(dir, LAUNCH), 'utf8')).replace(/^slug: .*\n/m, ''),
    );
    expect((await errors()).map((p) => p.rule).sort()).toEqual(['duplicate-id', 'missing-field']);
  });

  it('keys that could reach object prototypes are refused', async () => {
    await edit(LAUNCH, (t) => `${t}__proto__:\n  polluted: true\n`);
    const [p] = await errors();
    expect(p.rule).toBe('forbidden-key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a missing reference file makes every reference to it fail, not crash', async () => {
    await rm(path.join(dir, 'reference/pads.yaml'));
    const problems = await errors();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.rule === 'unknown-reference')).toBe(true);
  });
});

describe('warnings', () => {
  it('a waiting launch whose NET has passed is a warning, not an error', async () => {
    const result = await validateDataDir(dir, Date.parse('2031-01-01T00:00:00Z'));
    expect(result.dataset).toBeDefined();
    expect(result.problems.map((p) => [p.severity, p.rule])).toContainEqual(['warning', 'stale-net']);
  });

  it('a record without a source is a warning', async () => {
    await edit(LAUNCH, (t) => t.replace(/info_urls:\n {2}- url: .*\n/, ''));
    const result = await validateDataDir(dir, NOW);
    expect(result.dataset).toBeDefined();
    expect(result.problems.map((p) => p.rule)).toContain('missing-source');
  });
});
