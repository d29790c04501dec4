// The history files (data/history/): read, checked against their schema and the
// rules (history-launch, history-sequence, history-newest), with file:line:col.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import type { Problem } from '../scripts/lib/data/problems.ts';
import { copyFixture, removeDir } from './helpers/data.ts';

const NOW = Date.parse('2030-02-21T12:00:00Z');
const HISTORY = 'history/crs-demo.yaml';
let dir: string;

// The fixture's launch (launches/crs-demo.yaml): go, NET 2030-03-01T12:00:00Z, minute, pad slc-40.
const GOOD = `launch: 11111111-2222-4333-8444-555555555555
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
`;

beforeEach(async () => {
  dir = await copyFixture();
  await mkdir(path.join(dir, 'history'), { recursive: true });
});
afterEach(async () => removeDir(dir));

async function write(text: string, file = HISTORY): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
}

async function errors(): Promise<Problem[]> {
  const result = await validateDataDir(dir, NOW);
  return result.problems.filter((p) => p.severity === 'error');
}

const lineOf = async (needle: string, file = HISTORY): Promise<number> =>
  (await readFile(path.join(dir, file), 'utf8')).split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('a history file', () => {
  it("that tells the launch's story is valid, and reaches the data set", async () => {
    await write(GOOD);
    const result = await validateDataDir(dir, NOW);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const history = result.dataset?.history?.get('11111111-2222-4333-8444-555555555555');
    expect(history?.changes?.[0].net).toEqual(['2030-02-20T12:00:00Z', '2030-03-01T12:00:00Z']);
  });

  it('with a field the schema lacks is refused at its line', async () => {
    await write(GOOD.replace('    status: [tbd, go]', '    status: [tbd, go]\n    colour: [red, blue]'));
    const [p] = await errors();
    expect(p).toMatchObject({ file: expect.stringContaining(HISTORY), line: await lineOf('colour:') });
  });

  it('whose pair is not [before, after] is refused', async () => {
    await write(GOOD.replace('status: [tbd, go]', 'status: [go]'));
    const [p] = await errors();
    expect(p).toMatchObject({ line: await lineOf('status: [go]'), field: 'changes.0.status' });
  });

  it("that ends with a NET other than the record's asks for the history line (history-newest)", async () => {
    await write(
      GOOD.replace('[2030-02-20T12:00:00Z, 2030-03-01T12:00:00Z]', '[2030-02-20T12:00:00Z, 2030-03-02T12:00:00Z]'),
    );
    const [p] = await errors();
    expect(p).toMatchObject({
      rule: 'history-newest',
      field: 'changes.0.net',
      line: await lineOf('2030-03-02T12:00:00Z'),
      col: 10,
    });
    expect(p.message).toContain('"2030-03-02T12:00:00Z"');
    expect(p.message).toContain('"2030-03-01T12:00:00Z"');
    expect(p.hint).toContain('source: pull-request');
    expect(p.hint).toContain('net: ["2030-03-02T12:00:00Z", "2030-03-01T12:00:00Z"]');
    expect(p.hint).toContain('seen: 2030-02-21T12:00:00Z');
  });

  it('with a change dated after the build clock is refused (history-future)', async () => {
    await write(GOOD.replace('  - seen: 2030-01-20T00:00:00Z', '  - seen: 2030-02-22T00:00:00Z'));
    const [p] = await errors();
    expect(p).toMatchObject({
      rule: 'history-future',
      field: 'changes.0.seen',
      line: await lineOf('seen: 2030-02-22'),
    });
  });

  it('with changes out of time order is refused (history-order)', async () => {
    await write(
      `${GOOD}  - seen: 2030-01-15T00:00:00Z\n    source: pull-request\n    probability: [null, 90]\n`.replace(
        'probability: null',
        'probability: null',
      ),
    );
    const found = await errors();
    expect(found.map((p) => p.rule)).toContain('history-order');
    expect(found.find((p) => p.rule === 'history-order')).toMatchObject({ line: await lineOf('seen: 2030-01-15') });
  });

  it('whose change does not start from the value before is refused (history-change)', async () => {
    await write(GOOD.replace('status: [tbd, go]', 'status: [tbc, go]'));
    const [p] = await errors();
    expect(p).toMatchObject({
      rule: 'history-change',
      field: 'changes.0.status.0',
      line: await lineOf('status: [tbc, go]'),
    });
  });

  it('naming a launch that does not exist is refused (history-launch)', async () => {
    await write(
      GOOD.replace('launch: 11111111-2222-4333-8444-555555555555', 'launch: 11111111-2222-4333-8444-999999999999'),
    );
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'history-launch', line: 1, col: 9 });
  });

  it("away from its launch's path is refused, naming where it belongs", async () => {
    await write(GOOD, 'history/2030/crs-demo.yaml');
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'history-launch', file: expect.stringContaining('history/2030/crs-demo.yaml') });
    expect(p.hint).toContain('history/crs-demo.yaml');
  });

  it('from a saved LL2 list without who saved it is refused (history-source)', async () => {
    await write(GOOD.replace('  saved_by: example/saver\n', ''));
    const [p] = await errors();
    expect(p).toMatchObject({ rule: 'history-source', field: 'first_seen.source' });
  });
});
