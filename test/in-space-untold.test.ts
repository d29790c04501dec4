// What the build cannot tell of who is in space (model/in-space.ts `undecided`,
// outputs/page/in-space-lists.ts untoldInSpace and the "Who is in space" panel), by
// hand-computed cases: a crew their own launch's copy stated not in space 33
// minutes after liftoff (undecided) against one stated so two days after, a
// suborbital hop, a crew whose landing is recorded after the statement, and a
// flight older than any stay; then, on the schedule fixture, the panel's words for
// such a crew, for a crewed launch whose NET passed after the data stopped, and for
// a station whose LL2 count belongs to an expedition that ended.

import { describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { emptyReferenceData } from '../scripts/lib/data/check.ts';
import { worldAtClock } from '../scripts/lib/model/in-space.ts';
import type { DataSet, JsonObject, LaunchRecord, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { renderInSpace } from '../scripts/lib/outputs/page/in-space.ts';
import { untoldInSpace } from '../scripts/lib/outputs/page/in-space-lists.ts';
import { BASE_URL, NOW, scheduleDataSet } from './helpers/schedule-site.ts';

const T = (s: string) => Date.parse(s);
const rec = (o: JsonObject) => o as ReferenceRecord;
const crew = (...keys: string[]) => keys.map((astronaut, i) => ({ id: i + 1, role: null, astronaut }));

/** A data set of the given launches and astronauts (each stated not in space), with LL2's success and go statuses. */
function world(launches: JsonObject[], astronauts: string[], orbits: Record<string, JsonObject> = {}): DataSet {
  const reference = emptyReferenceData();
  reference.launchStatuses.set('success', rec({ id: 3, name: 'Launch Successful' }));
  reference.launchStatuses.set('go', rec({ id: 1, name: 'Go for Launch' }));
  for (const [key, o] of Object.entries(orbits)) reference.orbits.set(key, rec(o));
  for (const [i, key] of astronauts.entries())
    reference.astronauts.set(key, rec({ id: i + 1, name: key, in_space: false }));
  return { launches: launches as unknown as LaunchRecord[], events: [], reference };
}

/** Soyuz MS-29 as our data hold it: success, NET 2026-07-14T14:47:43Z, its copy's last_updated 33 min later. */
const soyuz = {
  id: 'ms29',
  name: 'Soyuz MS-29',
  status: 'success',
  net: '2026-07-14T14:47:43Z',
  last_updated: '2026-07-14T15:20:16Z',
  rocket: { configuration: 'soyuz', spacecraft_stage: [{ launch_crew: crew('kikina', 'dubrov') }] },
};
const CLOCK = T('2026-12-01T00:00:00Z');

describe('worldAtClock: who the facts cannot place', () => {
  it("is a crew their own launch's copy stated not in space less than a day after liftoff, with nothing later", () => {
    const state = worldAtClock(world([soyuz], ['kikina', 'dubrov']), CLOCK);
    // The value stays what the latest fact says: not in space (the statement of 15:20:16 is after the launch).
    expect(state.astronauts.get('kikina')).toMatchObject({ inSpace: false, basis: { kind: 'statement' } });
    expect(state.undecided.get('kikina')).toEqual({
      launch: 'ms29',
      launched: T('2026-07-14T14:47:43Z'),
      stated: T('2026-07-14T15:20:16Z'),
    });
    expect([...state.undecided.keys()].sort()).toEqual(['dubrov', 'kikina']);
  });

  it('is not a crew stated not in space a day or more after liftoff: LL2 had time to mark them', () => {
    const late = { ...soyuz, last_updated: '2026-07-15T14:47:43Z' };
    expect(worldAtClock(world([late], ['kikina', 'dubrov']), CLOCK).undecided.size).toBe(0);
    const justUnder = { ...soyuz, last_updated: '2026-07-15T14:47:42Z' };
    expect(worldAtClock(world([justUnder], ['kikina', 'dubrov']), CLOCK).undecided.size).toBe(2);
  });

  it('is not a suborbital crew, back within minutes', () => {
    const hop = { ...soyuz, mission: { name: 'NS-38', type: 'Tourism', orbit: 'suborbital' } };
    const data = world([hop], ['kikina', 'dubrov'], { suborbital: { id: 15, name: 'Suborbital', suborbital: true } });
    expect(worldAtClock(data, CLOCK).undecided.size).toBe(0);
  });

  it("is not a crew whose flight's recorded landing comes after the statement", () => {
    const flown = {
      ...soyuz,
      rocket: {
        configuration: 'soyuz',
        spacecraft_stage: [{ flight: 'f', launch_crew: crew('kikina', 'dubrov') }],
      },
    };
    const data = world([flown], ['kikina', 'dubrov']);
    data.reference.spacecraftFlights.set('f', rec({ id: 1, mission_end: '2026-11-20T00:00:00Z' }));
    const state = worldAtClock(data, CLOCK);
    expect(state.astronauts.get('kikina')).toMatchObject({ inSpace: false, basis: { kind: 'landing' } });
    expect(state.undecided.size).toBe(0);
  });

  it('is not a crew that flew longer ago than any stay in space', () => {
    // 2026-07-14 + 440 days = 2027-09-27T14:47:43Z: at 2027-09-28 they are back by then.
    expect(worldAtClock(world([soyuz], ['kikina', 'dubrov']), T('2027-09-27T00:00:00Z')).undecided.size).toBe(2);
    expect(worldAtClock(world([soyuz], ['kikina', 'dubrov']), T('2027-09-28T00:00:00Z')).undecided.size).toBe(0);
  });
});

const DAY = 86_400_000;
const text = (html: string): string =>
  html
    .replace(/<\/(p|li|h2|h3)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'");

describe('the panel: what our data cannot tell', () => {
  it('names each case with the dated word it rests on, and names no one as in space', async () => {
    const data = await scheduleDataSet();
    const { astronauts, spaceStations, expeditions } = data.reference;
    const template = [...astronauts.values()][0];
    const person = (id: number, name: string) => ({ ...structuredClone(template), id, name, in_space: false });
    astronauts.set('ann', person(9101, 'Ann Lift'));
    astronauts.set('bo', person(9102, 'Bo Lift'));
    astronauts.set('cy', person(9103, 'Cy Wait'));
    // The data's last word from LL2: no LL2 record newer than 2026-11-20T08:00Z (the fixture's own).
    const stop = T('2026-11-20T08:00:00Z');
    for (const l of data.launches) if (T(l.last_updated) > stop) l.last_updated = '2026-11-20T08:00:00Z';
    const past = data.launches.filter((l) => T(l.net) < stop).sort((a, b) => T(b.net) - T(a.net));
    // A crew flown 60 days before the clock, its copy saved 40 min after liftoff.
    const flown = past[5];
    flown.name = 'Test | Lift';
    flown.status = 'success';
    flown.net = new Date(NOW - 60 * DAY).toISOString().replace('.000', '');
    flown.last_updated = new Date(NOW - 60 * DAY + 40 * 60_000).toISOString().replace('.000', '');
    (flown.rocket as JsonObject).spacecraft_stage = [
      { destination: 'Tiangong space station', launch_crew: crew('ann', 'bo') },
    ];
    // A crewed launch whose NET (2026-11-21T06:00Z) passed after the data stopped and before the clock.
    const waiting = past[6];
    waiting.name = 'Test | Wait';
    waiting.status = 'go';
    waiting.net = '2026-11-21T06:00:00Z';
    waiting.last_updated = '2026-11-19T10:00:00Z';
    (waiting.rocket as JsonObject).spacecraft_stage = [{ destination: 'ISS', launch_crew: crew('cy') }];
    // A station: LL2 counted 7 aboard on 2026-09-01, during an expedition LL2 gave as ending 2026-10-15.
    const station = [...spaceStations.keys()][0];
    spaceStations.set(station, {
      ...spaceStations.get(station)!,
      name: 'Test Station',
      ll2_figures: { onboard_crew: 7, docked_vehicles: 1, as_of: '2026-09-01T00:00:00Z' },
    });
    expeditions.clear();
    expeditions.set(
      'x1',
      rec({
        id: 1,
        name: 'Expedition X',
        start: '2026-04-01T00:00:00Z',
        end: '2026-10-15T00:00:00Z',
        space_station: station,
      }),
    );

    const context = createContext(data, { now: NOW, baseUrl: BASE_URL });
    expect(untoldInSpace(context).map((u) => u.kind)).toEqual(['data-stopped', 'stated-at-liftoff', 'station-count']);
    expect(context.data.reference.spaceStations.get(station)!.ll2_figures).toMatchObject({ onboard_crew: null });
    const panel = text(renderInSpace(context));
    expect(panel).toContain('No one is in space by the dated facts we hold at this build.');
    expect(panel).toContain('What our data cannot tell');
    // NOW 2026-11-21T12:00Z − 60 d = Tue 22 Sep 2026, 12:00Z; saved 40 min after.
    expect(panel).toContain('Test | Lift, launched Tue 22 Sep 2026, to Tiangong space station\nAnn Lift');
    expect(panel).toContain(
      "LL2's copy of this launch, saved 40 min after liftoff (Tue 22 Sep 2026), still had them not in space, as LL2 has them until it updates a crew after its launch; we hold no later word of them. Whether they are in space at this build, our data do not say.",
    );
    expect(panel).toContain('Test | Wait, NET Sat 21 Nov 2026, to ISS\nCy Wait');
    expect(panel).toContain(
      'As LL2 reported on Thu 19 Nov 2026: “Go for Launch”. Our data stopped on Fri 20 Nov 2026, before its NET: whether it launched, and whether they are in space, our data do not say.',
    );
    expect(panel).toContain(
      'Test Station\nLL2 counted 7 aboard on Tue 1 Sep 2026, during Expedition X, which LL2 gave as ending on Thu 15 Oct 2026. We hold no later expedition or crew of it, so the API gives its onboard_crew as null (unknown).',
    );
    expect(panel).not.toContain('last reported');
  });
});
