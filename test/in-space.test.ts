// model/in-space.ts by hand-computed cases: crews coming home (a timeline's
// splashdown passed), an expedition that ends, a statement newer than a landing,
// an astronaut known only from a statement (an older list), a station whose count
// no longer holds, and the data set the build context gets.
import { describe, expect, it } from 'vitest';
import { emptyReferenceData } from '../scripts/lib/data/check.ts';
import { dataAtClock, durationMillis, worldAtClock } from '../scripts/lib/model/in-space.ts';
import type { DataSet, JsonObject, LaunchRecord, ReferenceRecord } from '../scripts/lib/model/records.ts';

const T = (s: string) => Date.parse(s);
const rec = (o: JsonObject) => o as ReferenceRecord;

function world(parts: {
  launches?: JsonObject[];
  astronauts?: Record<string, JsonObject>;
  expeditions?: Record<string, JsonObject>;
  flights?: Record<string, JsonObject>;
  landings?: Record<string, JsonObject>;
  spacecraft?: Record<string, JsonObject>;
  stations?: Record<string, JsonObject>;
}): DataSet {
  const reference = emptyReferenceData();
  reference.launchStatuses.set('success', rec({ id: 3, name: 'Launch Successful' }));
  reference.launchStatuses.set('failure', rec({ id: 4, name: 'Launch Failure' }));
  reference.launchStatuses.set('go', rec({ id: 1, name: 'Go for Launch' }));
  const fill = (map: Map<string, ReferenceRecord>, records: Record<string, JsonObject> = {}) => {
    let id = 1;
    for (const [key, r] of Object.entries(records)) map.set(key, rec({ id: id++, name: key, ...r }));
  };
  fill(reference.astronauts, parts.astronauts);
  fill(reference.expeditions, parts.expeditions);
  fill(reference.spacecraftFlights, parts.flights);
  fill(reference.landings, parts.landings);
  fill(reference.spacecraft, parts.spacecraft);
  fill(reference.spaceStations, parts.stations);
  return { launches: (parts.launches ?? []) as unknown as LaunchRecord[], events: [], reference };
}

const crew = (...keys: string[]) =>
  keys.map((astronaut, i) => ({ id: i + 1, role: { id: 1, role: 'Commander' }, astronaut }));
const lunarFlyby = {
  id: 'a',
  name: 'Artemis II',
  status: 'success',
  net: '2026-04-01T22:35:12Z',
  last_updated: '2026-04-02T06:17:44Z',
  rocket: {
    configuration: 'sls',
    spacecraft_stage: [{ flight: 'f1', launch_crew: crew('koch', 'glover'), landing_crew: crew('koch', 'glover') }],
  },
  timeline: [
    { relative_time: 'PT8M', type: { id: 1, abbrev: 'Booster Landing' } },
    { relative_time: 'P9DT1H46M', type: { id: 256, abbrev: 'Orion Splashdown' } },
    { relative_time: 'P9DT2H1M', type: { id: 258, abbrev: 'Orion Power Off' } },
  ],
};

describe('durationMillis', () => {
  it('reads LL2 timeline offsets, signed', () => {
    expect(durationMillis('P9DT1H46M')).toBe(((9 * 24 + 1) * 60 + 46) * 60_000);
    expect(durationMillis('-PT1H')).toBe(-3_600_000);
    expect(durationMillis('PT30.5S')).toBe(30_500);
    expect(durationMillis('P1Y')).toBeNaN();
  });
});

describe('worldAtClock', () => {
  it('brings a crew home once its timeline splashdown passed more than 30 days ago, whatever the record says', () => {
    const data = world({
      launches: [lunarFlyby],
      astronauts: { koch: { in_space: true }, glover: { in_space: true } },
      flights: { f1: { spacecraft: 'integrity' } },
      spacecraft: { integrity: { in_space: true } },
    });
    // Splashdown 2026-04-01T22:35:12Z + 9 d 1 h 46 min = 2026-04-11T00:21:12Z.
    const home = worldAtClock(data, T('2026-12-01T00:00:00Z'));
    expect(home.astronauts.get('koch')).toMatchObject({
      inSpace: false,
      inferred: true,
      basis: { kind: 'planned-end', at: T('2026-04-11T00:21:12Z') },
    });
    expect(home.spacecraft.get('integrity')).toMatchObject({ inSpace: false, basis: { kind: 'planned-end' } });
    // Ten days after the splashdown (within the 30 days' grace), the statement of 2026-04-02 still stands.
    const soon = worldAtClock(data, T('2026-04-21T00:00:00Z'));
    expect(soon.astronauts.get('koch')).toMatchObject({
      inSpace: true,
      inferred: false,
      basis: { kind: 'statement', at: T('2026-04-02T06:17:44Z') },
    });
  });

  it('takes a recorded landing at the planned end, with no grace', () => {
    const data = world({
      launches: [lunarFlyby],
      astronauts: { koch: { in_space: true } },
      flights: { f1: { spacecraft: 'integrity', landing: 'l1' } },
      landings: { l1: { success: true } },
      spacecraft: { integrity: {} },
    });
    expect(worldAtClock(data, T('2026-04-12T00:00:00Z')).astronauts.get('koch')).toMatchObject({
      inSpace: false,
      basis: { kind: 'landing', at: T('2026-04-11T00:21:12Z') },
    });
  });

  it('lets a statement newer than a landing decide (they flew again, or LL2 says so later)', () => {
    const later = {
      ...lunarFlyby,
      id: 'b',
      name: 'Later flight',
      status: 'go',
      net: '2027-01-01T00:00:00Z',
      last_updated: '2026-06-01T00:00:00Z',
      timeline: [],
      rocket: { configuration: 'x', spacecraft_stage: [{ launch_crew: crew('koch') }] },
    };
    const data = world({
      launches: [lunarFlyby, later],
      astronauts: { koch: { in_space: true } },
      flights: { f1: { spacecraft: 'integrity', landing: 'l1' } },
      landings: { l1: { success: true } },
      spacecraft: { integrity: {} },
    });
    // The statement is dated 2026-06-01 (the newest launch carrying her), after the landing of 2026-04-11.
    expect(worldAtClock(data, T('2026-07-01T00:00:00Z')).astronauts.get('koch')).toMatchObject({
      inSpace: true,
      basis: { kind: 'statement', at: T('2026-06-01T00:00:00Z') },
    });
  });

  it("ends an expedition crew's stay at the expedition's end, and not before", () => {
    const data = world({
      astronauts: { meir: { in_space: false } },
      expeditions: {
        e74: { start: '2025-12-09T01:41:00Z', end: '2026-07-26T07:02:00Z', space_station: 'iss', crew: crew('meir') },
      },
    });
    expect(worldAtClock(data, T('2026-03-01T00:00:00Z')).astronauts.get('meir')).toMatchObject({
      inSpace: true,
      inferred: true,
      basis: { kind: 'expedition-start' },
    });
    expect(worldAtClock(data, T('2026-07-26T07:02:00Z')).astronauts.get('meir')).toMatchObject({
      inSpace: false,
      basis: { kind: 'expedition-end', at: T('2026-07-26T07:02:00Z') },
    });
  });

  it('leaves an astronaut known only from an undated statement (an older list) as stated, undated', () => {
    const data = world({ astronauts: { solo: { in_space: true }, nobody: {} } });
    const state = worldAtClock(data, T('2026-12-01T00:00:00Z'));
    expect(state.astronauts.get('solo')).toMatchObject({
      inSpace: true,
      inferred: false,
      basis: { kind: 'statement', at: null },
    });
    expect(state.astronauts.has('nobody')).toBe(false);
  });

  it('sends home anyone whose last "up" fact is older than the longest stay in space', () => {
    const old = {
      ...lunarFlyby,
      id: 'c',
      name: 'Old flight',
      net: '2020-01-01T00:00:00Z',
      last_updated: '2019-12-31T00:00:00Z',
      timeline: [],
      rocket: { configuration: 'x', spacecraft_stage: [{ launch_crew: crew('gone') }] },
    };
    const state = worldAtClock(world({ launches: [old], astronauts: { gone: {} } }), T('2026-12-01T00:00:00Z'));
    expect(state.astronauts.get('gone')).toMatchObject({
      inSpace: false,
      basis: { kind: 'longest-flight', at: T('2020-01-01T00:00:00Z') + 440 * 86_400_000 },
    });
  });

  it('does not count a failed launch as a trip to space', () => {
    const failed = {
      ...lunarFlyby,
      id: 'd',
      status: 'failure',
      timeline: [],
      rocket: { configuration: 'x', spacecraft_stage: [{ launch_crew: crew('x') }] },
    };
    expect(
      worldAtClock(world({ launches: [failed], astronauts: { x: {} } }), T('2026-04-05T00:00:00Z')).astronauts.has('x'),
    ).toBe(false);
  });

  it("says a station's LL2 count no longer holds when every expedition under way at its date has ended", () => {
    const stations = { iss: { ll2_figures: { onboard_crew: 8, docked_vehicles: 6, as_of: '2026-07-24T00:00:00Z' } } };
    const expeditions = {
      e74: { start: '2025-12-09T01:41:00Z', end: '2026-07-26T07:02:00Z', space_station: 'iss', crew: [] },
    };
    expect(worldAtClock(world({ stations, expeditions }), T('2026-07-25T00:00:00Z')).stationsUnknown.size).toBe(0);
    const after = dataAtClock(world({ stations, expeditions }), T('2026-12-01T00:00:00Z'));
    const iss = after.reference.spaceStations.get('iss')!;
    expect(iss.ll2_figures).toEqual({ onboard_crew: null, docked_vehicles: 6, as_of: '2026-07-24T00:00:00Z' });
    expect(
      String((iss.provenance as JsonObject & { assumed: Record<string, string> }).assumed['ll2_figures.onboard_crew']),
    ).toContain('e74 (ended 2026-07-26)');
  });
});

describe('dataAtClock', () => {
  it('writes the computed in_space into the records, the inference in provenance.assumed, and leaves the rest as they were', () => {
    const data = world({
      launches: [lunarFlyby],
      astronauts: { koch: { in_space: true }, other: { in_space: false } },
      flights: { f1: { spacecraft: 'integrity' } },
      spacecraft: { integrity: { in_space: true } },
    });
    const after = dataAtClock(data, T('2026-12-01T00:00:00Z'));
    const koch = after.reference.astronauts.get('koch')!;
    expect(koch.in_space).toBe(false);
    expect((koch.provenance as JsonObject & { assumed: Record<string, string> }).assumed.in_space).toMatch(
      /^false at the build clock, inferred: Artemis II: its planned end/,
    );
    expect(after.reference.spacecraft.get('integrity')!.in_space).toBe(false);
    expect(after.reference.astronauts.get('other')).toBe(data.reference.astronauts.get('other'));
    expect(data.reference.astronauts.get('koch')!.in_space).toBe(true);
  });
});
