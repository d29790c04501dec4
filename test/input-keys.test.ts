// Input keys (input-keys.ts) stand for what an output file is made of: equal keys
// must mean equal bytes, and a key should not change when nothing its file shows did.

import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api.ts';
import { checkData } from '../scripts/lib/check.ts';
import { toSafeJson } from '../scripts/lib/json.ts';
import { loadDataDir } from '../scripts/lib/load.ts';
import type { EventRecord, LaunchRecord, ReferenceData } from '../scripts/lib/model.ts';
import { FIXTURE_DIR, makeEvent, makeLaunch, memoryDataSet } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://example.org/2.3.0/';
let reference: ReferenceData;
beforeAll(async () => {
  reference = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!.reference;
});

const contextOf = (launches: LaunchRecord[], events: EventRecord[]) => createContext(memoryDataSet(launches, events, reference), { now: NOW, baseUrl: BASE_URL });
const linked = makeLaunch(1, '2027-03-01T10:00:00Z');
/** A launch at the same pad, known to the month: moving it changes the counters of `linked`. */
const other = (net: string) => makeLaunch(2, net, { net_precision: 'month', window_start: net, window_end: net });
const event = makeEvent(1, '2027-03-01T12:00:00Z', { launches: [linked.id] });

describe('event keys', () => {
  it('do not change with the counters of the launches an event links to, which it does not show', () => {
    const before = contextOf([linked, other('2027-01-01T00:00:00Z')], [event]);
    const after = contextOf([linked, other('2027-06-01T00:00:00Z')], [event]);
    expect(after.keys.launch(linked)).not.toBe(before.keys.launch(linked));
    expect(after.keys.event(event)).toBe(before.keys.event(event));
    const detail = (context: typeof before) => toSafeJson(context.shape.eventDetailed(event, new Map(context.data.launches.map((l) => [l.id, l]))));
    expect(detail(after)).toBe(detail(before));
    expect(toSafeJson(after.shape.eventNormal(event))).toBe(toSafeJson(before.shape.eventNormal(event)));
  });

  it('change with what the event shows of a linked launch', () => {
    const before = contextOf([linked, other('2027-01-01T00:00:00Z')], [event]);
    const renamed = contextOf([{ ...linked, name: 'Renamed' }, other('2027-01-01T00:00:00Z')], [event]);
    expect(renamed.keys.event(event)).not.toBe(before.keys.event(event));
  });
});
