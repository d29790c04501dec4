// Seeding histories from a replay corpus (history-seed.ts) and the sync's
// append (history-append.ts), on small hand-made inputs with the changes
// worked out by hand.

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  endWithRecord,
  historiesFromCorpus,
  seedHistoryFiles,
  type KeyTables,
} from '../scripts/lib/import/history-seed.ts';
import { appendHistory, historyChanges, historyText, syncHistoryFiles } from '../scripts/lib/import/history-append.ts';
import { historyFilePath, newestValues, trackedValues } from '../scripts/lib/model/history.ts';
import type { ReplayCorpus } from '../scripts/lib/import/sync/replay.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';

const KEYS: KeyTables = {
  statuses: new Map([
    [1, 'go'],
    [2, 'tbd'],
    [3, 'success'],
    [8, 'tbc'],
  ]),
  precisions: new Map([
    [0, 'second'],
    [2, 'hour'],
    [5, 'day'],
  ]),
  pads: new Map([
    [80, 'slc-40'],
    [87, 'lc-39a'],
  ]),
  configurations: new Map([[164, 'falcon-9-block-5']]),
};
const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

function version(
  id: string,
  lastUpdated: string,
  net: string,
  status: number,
  extra: Partial<Record<string, unknown>> = {},
): JsonObject {
  return {
    id,
    name: id === A ? 'Falcon 9 | A' : 'Falcon 9 | B',
    last_updated: lastUpdated,
    net,
    window_start: net,
    window_end: net,
    net_precision: { id: 2 },
    status: { id: status },
    probability: -1,
    pad: { id: 80 },
    rocket: { configuration: { id: 164 } },
    ...extra,
  } as JsonObject;
}

// Four lists. A: seen at 01:00 (TBD, NET Mar 1), at 03:00 a new version (NET Mar 3, Go), at 04:00 the same
// values under a new last_updated (not a change), B: seen at 02:00, at 04:00 its NET and pad move.
const CORPUS: ReplayCorpus = {
  versions: [
    version(A, '2026-02-01T00:30:00Z', '2026-03-01T10:00:00Z', 2), // 0
    version(B, '2026-02-01T01:30:00Z', '2026-03-05T10:00:00Z', 8), // 1
    version(A, '2026-02-01T02:45:00Z', '2026-03-03T10:00:00Z', 1, { probability: 70 }), // 2
    version(A, '2026-02-01T03:50:00Z', '2026-03-03T10:00:00Z', 1, { probability: 70 }), // 3
    version(B, '2026-02-01T03:55:00Z', '2026-03-06T10:00:00Z', 8, { pad: { id: 87 } }), // 4
  ],
  observations: [
    { at: '2026-02-01T01:00:00Z', upcoming: [0] },
    { at: '2026-02-01T02:00:00Z', upcoming: [0, 1] },
    { at: '2026-02-01T03:00:00Z', upcoming: [2, 1] },
    { at: '2026-02-01T04:00:00Z', upcoming: [3, 4] },
  ],
};

describe('histories seeded from a replay corpus', () => {
  const { histories, counts } = historiesFromCorpus(CORPUS, KEYS, 'example/saver');

  it('count what the lists show: 2 launches, 2 NET changes, 1 status change, 2 launches whose NET moved', () => {
    expect(counts).toEqual({ launches: 2, netChanges: 2, statusChanges: 1, launchesNetMoved: 2 });
  });

  it('give each launch its first sighting at the first list holding it, in our keys', () => {
    expect(histories.get(A)!.history.first_seen).toEqual({
      seen: '2026-02-01T01:00:00Z',
      source: 'll2-list',
      saved_by: 'example/saver',
      ll2_last_updated: '2026-02-01T00:30:00Z',
      name: 'Falcon 9 | A',
      net: '2026-03-01T10:00:00Z',
      net_precision: 'hour',
      window_start: '2026-03-01T10:00:00Z',
      window_end: '2026-03-01T10:00:00Z',
      status: 'tbd',
      probability: null,
      pad: 'slc-40',
      configuration: 'falcon-9-block-5',
    });
    expect(histories.get(B)!.history.first_seen.seen).toBe('2026-02-01T02:00:00Z');
  });

  it('date each change by the list that first showed it, and only what changed', () => {
    expect(histories.get(A)!.history.changes).toEqual([
      {
        seen: '2026-02-01T03:00:00Z',
        source: 'll2-list',
        saved_by: 'example/saver',
        ll2_last_updated: '2026-02-01T02:45:00Z',
        net: ['2026-03-01T10:00:00Z', '2026-03-03T10:00:00Z'],
        window_start: ['2026-03-01T10:00:00Z', '2026-03-03T10:00:00Z'],
        window_end: ['2026-03-01T10:00:00Z', '2026-03-03T10:00:00Z'],
        status: ['tbd', 'go'],
        probability: [null, 70],
      },
    ]);
    expect(histories.get(B)!.history.changes).toEqual([
      {
        seen: '2026-02-01T04:00:00Z',
        source: 'll2-list',
        saved_by: 'example/saver',
        ll2_last_updated: '2026-02-01T03:55:00Z',
        net: ['2026-03-05T10:00:00Z', '2026-03-06T10:00:00Z'],
        window_start: ['2026-03-05T10:00:00Z', '2026-03-06T10:00:00Z'],
        window_end: ['2026-03-05T10:00:00Z', '2026-03-06T10:00:00Z'],
        pad: ['slc-40', 'lc-39a'],
      },
    ]);
  });

  it("end with the record's own values from its source, dated by its last_updated, when the record is newer", () => {
    const record = {
      id: A,
      name: 'Falcon 9 | A',
      net: '2026-03-04T10:00:00Z',
      net_precision: 'hour',
      window_start: '2026-03-03T10:00:00Z',
      window_end: '2026-03-03T10:00:00Z',
      status: 'go',
      probability: 70,
      pad: 'slc-40',
      rocket: { configuration: 'falcon-9-block-5' },
      last_updated: '2026-02-02T00:00:00Z',
      provenance: { saved_by: 'example/saver@abc' },
    };
    const ended = endWithRecord(histories.get(A)!.history, record)!;
    expect(ended.changes!.at(-1)).toEqual({
      seen: '2026-02-02T00:00:00Z',
      source: 'record',
      saved_by: 'example/saver@abc',
      ll2_last_updated: '2026-02-02T00:00:00Z',
      net: ['2026-03-03T10:00:00Z', '2026-03-04T10:00:00Z'],
    });
    expect(newestValues(ended)).toEqual(trackedValues(record));
    // Never a time made up: a record that differs but is older than the last sighting gets no line.
    expect(
      endWithRecord(histories.get(A)!.history, { ...record, last_updated: '2026-02-01T02:00:00Z' }),
    ).toBeUndefined();
  });

  it("write one file per launch held, at its launch's path under history/, the same bytes every time", () => {
    const launches = [A, B].map((id, i) => ({
      path: `launches/2026/${i ? 'b' : 'a'}.yaml`,
      record: {
        id,
        ...Object.fromEntries(
          Object.entries(newestValues(histories.get(id)!.history)).filter(([k]) => k !== 'configuration'),
        ),
        rocket: { configuration: 'falcon-9-block-5' },
        last_updated: '2026-02-01T04:00:00Z',
      } as never,
    }));
    const one = seedHistoryFiles(CORPUS, KEYS, 'example/saver', launches, new Set(), historyText, historyFilePath);
    const two = seedHistoryFiles(
      CORPUS,
      KEYS,
      'example/saver',
      [...launches].reverse(),
      new Set(),
      historyText,
      historyFilePath,
    );
    expect(one.files.map((f) => f.path)).toEqual(['history/2026/a.yaml', 'history/2026/b.yaml']);
    expect(two.files).toEqual(one.files);
    expect(parse(one.files[1].content).changes[0].pad).toEqual(['slc-40', 'lc-39a']);
    // One the folder already has is kept.
    expect(
      seedHistoryFiles(
        CORPUS,
        KEYS,
        'x',
        launches,
        new Set(['history/2026/a.yaml']),
        historyText,
        historyFilePath,
      ).files.map((f) => f.path),
    ).toEqual(['history/2026/b.yaml']);
  });
});

describe("the sync's append", () => {
  const before = {
    id: A,
    name: 'Falcon 9 | A',
    net: '2026-03-03T10:00:00Z',
    net_precision: 'hour',
    window_start: '2026-03-03T10:00:00Z',
    window_end: '2026-03-03T10:00:00Z',
    status: 'go',
    probability: 70,
    pad: 'slc-40',
    rocket: { configuration: 'falcon-9-block-5' },
    last_updated: '2026-02-01T03:50:00Z',
    provenance: { saved_by: 'example/saver@abc' },
  };
  const after = { ...before, net: '2026-03-04T11:00:00Z', status: 'tbc', last_updated: '2026-02-03T09:00:00Z' };
  const seen = { seen: '2026-02-03T10:00:00Z', source: 'll2-sync' as const, ll2_last_updated: '2026-02-03T09:00:00Z' };

  it('gives exactly the fields that changed, before and after', () => {
    expect(historyChanges(trackedValues(before), trackedValues(after), seen)).toEqual({
      ...seen,
      net: ['2026-03-03T10:00:00Z', '2026-03-04T11:00:00Z'],
      status: ['go', 'tbc'],
    });
    expect(
      historyChanges(trackedValues(before), trackedValues({ ...before, name: before.name }), seen),
    ).toBeUndefined();
  });

  it('appends to a history held, from the values it ends with', () => {
    const held = endWithRecord(historiesFromCorpus(CORPUS, KEYS, 'example/saver').histories.get(A)!.history, before)!;
    const next = appendHistory(held, before, after, seen)!;
    expect(next.changes).toHaveLength(held.changes!.length + 1);
    expect(next.changes!.at(-1)).toEqual({
      ...seen,
      net: ['2026-03-03T10:00:00Z', '2026-03-04T11:00:00Z'],
      status: ['go', 'tbc'],
    });
    expect(appendHistory(next, after, after, seen)).toBeUndefined();
  });

  it('starts a history for a launch new to us, and for one held without: the record as it was, from its source', () => {
    expect(appendHistory(undefined, undefined, after, seen)).toEqual({
      launch: A,
      first_seen: { ...seen, ...trackedValues(after) },
    });
    const started = appendHistory(undefined, before, after, seen)!;
    expect(started.first_seen).toMatchObject({
      seen: '2026-02-01T03:50:00Z',
      source: 'record',
      saved_by: 'example/saver@abc',
      net: '2026-03-03T10:00:00Z',
    });
    expect(started.changes).toHaveLength(1);
  });

  it('maps the launch files a sync writes to their history files', () => {
    const files = syncHistoryFiles(
      [
        {
          path: 'launches/2026/a.yaml',
          content: `id: ${A}\nname: Falcon 9 | A\nstatus: tbc\nnet: 2026-03-04T11:00:00Z\nnet_precision: hour\nwindow_start: 2026-03-03T10:00:00Z\nwindow_end: 2026-03-03T10:00:00Z\nprobability: 70\nrocket:\n  configuration: falcon-9-block-5\npad: slc-40\nlast_updated: 2026-02-03T09:00:00Z\n`,
        },
        { path: 'reference/pads.yaml', content: 'x: {}\n' },
      ],
      { launches: new Map([['launches/2026/a.yaml', before]]), histories: new Map() },
      Date.parse(seen.seen),
    );
    expect(files.map((f) => f.path)).toEqual(['history/2026/a.yaml']);
    expect(parse(files[0].content).changes).toEqual([
      { ...seen, net: ['2026-03-03T10:00:00Z', '2026-03-04T11:00:00Z'], status: ['go', 'tbc'] },
    ]);
  });
});
