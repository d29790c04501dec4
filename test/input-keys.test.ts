// Input keys (input-keys.ts) stand for what an output file is made of: equal keys
// must mean equal bytes, and a key should not change when nothing its file shows did.

import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { launchEntry } from '../scripts/lib/outputs/calendars.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { computeStats, type DataSetStats } from '../scripts/lib/model/stats.ts';
import { toSafeJson } from '../scripts/lib/base/json.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { EventRecord, LaunchRecord, ReferenceData } from '../scripts/lib/model/records.ts';
import { resourceOf } from '../scripts/lib/api/resource-table.ts';
import { REFERENCE_KINDS, type ReferenceKind } from '../scripts/schemas/data-files.ts';
import { FIXTURE_DIR, makeEvent, makeLaunch, memoryDataSet } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://example.org/2.3.0/';
let reference: ReferenceData;
let fixtureLaunches: LaunchRecord[];
beforeAll(async () => {
  const dataset = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  reference = dataset.reference;
  fixtureLaunches = dataset.launches;
});

/** Every figure of the given tallies changed (numbers + 7, text replaced), as another data set could have them. */
function withOtherTallies(stats: DataSetStats, kinds: Array<keyof Omit<DataSetStats, 'launch'>>): DataSetStats {
  const changed = (value: object) =>
    Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'number' ? v + 7 : 'P9D']));
  const copy = { ...stats };
  for (const kind of kinds)
    (copy as Record<string, unknown>)[kind] = new Map([...stats[kind]].map(([key, value]) => [key, changed(value)]));
  return copy;
}

describe('what each key leaves out is not shown', () => {
  const data = () =>
    memoryDataSet(
      [...fixtureLaunches, makeLaunch(1, '2027-03-01T10:00:00Z'), makeLaunch(2, '2020-03-01T10:00:00Z')],
      [],
      reference,
    );
  const shaped = (stats: DataSetStats, mode: 'launchNormal' | 'launchDetailed') => {
    const shaper = createShaper(data(), stats, BASE_URL);
    return data().launches.map((l) => toSafeJson(shaper[mode](l)));
  };

  it('launches in normal mode show no agency, configuration or family tallies (their key leaves those out)', () => {
    const stats = computeStats(data());
    const other = withOtherTallies(stats, ['agencies', 'configurations', 'families']);
    expect(shaped(other, 'launchNormal')).toEqual(shaped(stats, 'launchNormal'));
    expect(shaped(other, 'launchDetailed')).not.toEqual(shaped(stats, 'launchDetailed')); // detailed ones do
    expect(shaped(withOtherTallies(stats, ['pads']), 'launchNormal')).not.toEqual(shaped(stats, 'launchNormal'));
  });

  it('calendar entries show no tallies and no counters (feeds are keyed by records alone)', () => {
    const stats = computeStats(data());
    const counters = new Map(
      [...stats.launch].map(([id, c]) => [id, { ...c, pad_launch_attempt_count: c.pad_launch_attempt_count + 7 }]),
    );
    const other = {
      ...withOtherTallies(stats, ['pads', 'locations', 'celestialBodies', 'agencies', 'configurations', 'families']),
      launch: counters,
    };
    const entries = (s: DataSetStats) => {
      const shaper = createShaper(data(), s, BASE_URL);
      return data().launches.map((l) => launchEntry(shaper.launchNormal(l)));
    };
    expect(shaped(other, 'launchNormal')).not.toEqual(shaped(stats, 'launchNormal'));
    expect(entries(other)).toEqual(entries(stats));
  });

  it('a new upcoming launch keeps the keys of other launches in normal mode, not in detailed mode', () => {
    const before = contextOf([linked], []);
    const after = contextOf([linked, makeLaunch(3, '2027-05-01T10:00:00Z')], []);
    expect(after.stats.agencies).not.toEqual(before.stats.agencies); // the provider's pending count
    expect(after.keys.launch(linked)).toBe(before.keys.launch(linked));
    expect(after.keys.launchDetail(linked)).not.toBe(before.keys.launchDetail(linked));
  });
});

const contextOf = (launches: LaunchRecord[], events: EventRecord[]) =>
  createContext(memoryDataSet(launches, events, reference), { now: NOW, baseUrl: BASE_URL });
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
    const detail = (context: typeof before) =>
      toSafeJson(context.shape.eventDetailed(event, new Map(context.data.launches.map((l) => [l.id, l]))));
    expect(detail(after)).toBe(detail(before));
    expect(toSafeJson(after.shape.eventNormal(event))).toBe(toSafeJson(before.shape.eventNormal(event)));
  });

  it('change with what the event shows of a linked launch', () => {
    const before = contextOf([linked, other('2027-01-01T00:00:00Z')], [event]);
    const renamed = contextOf([{ ...linked, name: 'Renamed' }, other('2027-01-01T00:00:00Z')], [event]);
    expect(renamed.keys.event(event)).not.toBe(before.keys.event(event));
  });
});

describe('reference resource keys (agencies/{id}/, pads/, …)', () => {
  /** Every reference object of a build in both modes, with its key and its bytes. */
  const objects = (context: ReturnType<typeof contextOf>) =>
    new Map(
      Object.keys(REFERENCE_KINDS).flatMap((kind) => {
        const resource = resourceOf(kind as ReferenceKind);
        return (['normal', 'detailed'] as const).flatMap((mode) => {
          const key = mode === 'normal' ? resource.listKey(context) : resource.detailKey(context);
          const shape = resource[mode](context);
          return resource
            .records(context)
            .map(
              (record) =>
                [`${kind} ${mode} ${String(record)}`, { key: key(record), bytes: toSafeJson(shape(record)) }] as const,
            );
        });
      }),
    );

  it.each([
    ['a new upcoming launch', [linked, makeLaunch(3, '2027-05-01T10:00:00Z')]],
    [
      'a launch that failed',
      [
        {
          ...linked,
          net: '2025-03-01T10:00:00Z',
          window_start: '2025-03-01T10:00:00Z',
          window_end: '2025-03-01T10:00:00Z',
          status: 'failure',
        },
      ],
    ],
    [
      'a launch from another pad, by another provider and rocket',
      [
        linked,
        makeLaunch(3, '1958-01-01T00:00:00Z', {
          pad: 'baikonur-1-5',
          launch_service_provider: 'soviet-space-program',
          rocket: { configuration: 'sputnik-8k71ps' },
          status: 'success',
        }),
      ],
    ],
  ])('keep their key exactly where their bytes stay the same after %s', (_, launches) => {
    const before = objects(contextOf([...fixtureLaunches, linked], []));
    const after = objects(contextOf([...fixtureLaunches, ...launches], []));
    const changed = [...after].filter(([name, { bytes }]) => bytes !== before.get(name)!.bytes).map(([name]) => name);
    const rekeyed = [...after].filter(([name, { key }]) => key !== before.get(name)!.key).map(([name]) => name);
    expect(changed.length).toBeGreaterThan(0);
    // Equal keys mean equal bytes; and a key changes only with what its object shows.
    expect(rekeyed).toEqual(changed);
  });

  it('change with the launches a landing or spacecraft shows, and only there', () => {
    const crewed = makeLaunch(4, '2027-04-01T10:00:00Z', {
      rocket: {
        configuration: 'falcon-9-block-5',
        launcher_stage: [{ id: 1, launcher: 'b1062', landing: 'landing-1601' }],
        spacecraft_stage: [{ flight: 'spacecraft-flight-880' }],
      },
    });
    const before = objects(contextOf([...fixtureLaunches, crewed], []));
    const after = objects(contextOf([...fixtureLaunches, { ...crewed, name: 'Renamed' }], []));
    const changed = [...after].filter(([name, { bytes }]) => bytes !== before.get(name)!.bytes).map(([name]) => name);
    const rekeyed = [...after].filter(([name, { key }]) => key !== before.get(name)!.key).map(([name]) => name);
    // The flight shows its launch (by its name too), and so do the spacecraft's detail through its flights and the flight's dockings (as chaser).
    expect(changed.sort()).toEqual([
      'dockingEvents detailed docking-event-601',
      'dockingEvents detailed docking-event-602',
      'dockingEvents normal docking-event-601',
      'dockingEvents normal docking-event-602',
      'spacecraft detailed cargo-dragon',
      'spacecraftFlights detailed spacecraft-flight-880',
      'spacecraftFlights normal spacecraft-flight-880',
    ]);
    expect(rekeyed).toEqual(expect.arrayContaining(changed));
    // A key covers every launch its record is named from (a first stage's landing shows the stage, not its launch's name; a spacecraft's
    // list object shows no flight): a few more files rendered, never a stale one.
    expect(rekeyed.filter((name) => !changed.includes(name))).toEqual([
      'landings normal landing-1601',
      'landings detailed landing-1601',
      'spacecraft normal cargo-dragon',
    ]);
  });
});
