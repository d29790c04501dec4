// Spacecraft saved at liftoff (issue 37): the rule that leaves a crew untold
// (model/in-space.ts `undecided`) leaves untold, the same way, the spacecraft their
// flight flies (`undecidedSpacecraft`): stated not in space by the copy of the
// orbital launch that flew it, saved less than 24 hours after liftoff, with nothing
// later. The values stay as decided (not in space); the "Who is in space" panel names
// the spacecraft under "What our data cannot tell". And the spacecraft the records do
// say are in space (`spacecraft/?in_space=true`) are on the panel too, each with the
// date of the fact it rests on, called old as a crew's report is. Hand-computed cases
// on small data sets, then the panel's words on the schedule fixture.

import { describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { emptyReferenceData } from '../scripts/lib/data/check.ts';
import { worldAtClock } from '../scripts/lib/model/in-space.ts';
import type { DataSet, JsonObject, LaunchRecord, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { renderInSpace } from '../scripts/lib/outputs/page/in-space.ts';
import { spacecraftInSpace, untoldInSpace } from '../scripts/lib/outputs/page/in-space-lists.ts';
import { BASE_URL, NOW, scheduleDataSet } from './helpers/schedule-site.ts';

const T = (s: string) => Date.parse(s);
const rec = (o: JsonObject) => o as ReferenceRecord;
const crew = (...keys: string[]) => keys.map((astronaut, i) => ({ id: i + 1, role: null, astronaut }));
const CLOCK = T('2026-12-01T00:00:00Z');

/** Soyuz MS-29 as our data hold it: success, NET 2026-07-14T14:47:43Z, its copy's last_updated 33 min later; its stage flies `ms29-craft`. */
const soyuz = {
  id: 'ms29',
  name: 'Soyuz MS-29',
  status: 'success',
  net: '2026-07-14T14:47:43Z',
  last_updated: '2026-07-14T15:20:16Z',
  rocket: { configuration: 'soyuz', spacecraft_stage: [{ flight: 'f29', launch_crew: crew('kikina') }] },
};

/** A data set of these launches, one astronaut and the spacecraft (each stated not in space), their flights named by `flights`. */
function world(
  launches: JsonObject[],
  flights: Record<string, string>,
  orbits: Record<string, JsonObject> = {},
): DataSet {
  const reference = emptyReferenceData();
  reference.launchStatuses.set('success', rec({ id: 3, name: 'Launch Successful' }));
  reference.launchStatuses.set('go', rec({ id: 1, name: 'Go for Launch' }));
  for (const [key, o] of Object.entries(orbits)) reference.orbits.set(key, rec(o));
  reference.astronauts.set('kikina', rec({ id: 1, name: 'Anna Kikina', in_space: false }));
  let id = 0;
  for (const [flight, craft] of Object.entries(flights)) {
    reference.spacecraftFlights.set(flight, rec({ id: ++id, spacecraft: craft }));
    reference.spacecraft.set(craft, rec({ id, name: craft, in_space: false }));
  }
  return { launches: launches as unknown as LaunchRecord[], events: [], reference };
}

describe('worldAtClock: the spacecraft the facts cannot place', () => {
  it("is the spacecraft of a flight whose own launch's copy, saved less than a day after liftoff, has it not in space", () => {
    const state = worldAtClock(world([soyuz], { f29: 'ms29-craft' }), CLOCK);
    // The value stays what the latest fact says: not in space (the statement of 15:20:16 is after the launch of 14:47:43).
    expect(state.spacecraft.get('ms29-craft')).toMatchObject({ inSpace: false, basis: { kind: 'statement' } });
    expect(state.undecidedSpacecraft.get('ms29-craft')).toEqual({
      launch: 'ms29',
      launched: T('2026-07-14T14:47:43Z'),
      stated: T('2026-07-14T15:20:16Z'),
    });
    // Its crew, by the same rule.
    expect([...state.undecided.keys()]).toEqual(['kikina']);
  });

  it('and of an uncrewed flight too (a cargo ship)', () => {
    const cargo = { ...soyuz, id: 'ng24', rocket: { configuration: 'f9', spacecraft_stage: [{ flight: 'f24' }] } };
    const state = worldAtClock(world([cargo], { f24: 'cygnus' }), CLOCK);
    expect([...state.undecidedSpacecraft.keys()]).toEqual(['cygnus']);
    expect(state.undecided.size).toBe(0);
  });

  it('is not one stated so a day or more after liftoff: LL2 had time to mark it', () => {
    // 14:47:43 + 24 h = 2026-07-15T14:47:43Z: untold a second before, not at it.
    const at = (lastUpdated: string) =>
      worldAtClock(world([{ ...soyuz, last_updated: lastUpdated }], { f29: 'ms29-craft' }), CLOCK).undecidedSpacecraft;
    expect(at('2026-07-15T14:47:42Z').size).toBe(1);
    expect(at('2026-07-15T14:47:43Z').size).toBe(0);
  });

  it('is not the spacecraft of a suborbital hop, back within minutes', () => {
    const hop = { ...soyuz, mission: { name: 'NS-38', type: 'Tourism', orbit: 'suborbital' } };
    const data = world([hop], { f29: 'ms29-craft' }, { suborbital: { id: 15, name: 'Suborbital', suborbital: true } });
    expect(worldAtClock(data, CLOCK).undecidedSpacecraft.size).toBe(0);
  });

  it("is not a reused spacecraft whose statement is dated by a later copy (its next flight's, not yet flown)", () => {
    // Crew Dragon Freedom: flown by Crew-12 (its copy 49 min after liftoff), and named by Crew-14's copy of
    // 2026-11-01, NET 2027: the statement is dated by that later copy, which did not fly it.
    const crew12 = {
      id: 'crew12',
      name: 'Crew-12',
      status: 'success',
      net: '2026-02-13T10:15:00Z',
      last_updated: '2026-02-13T11:04:25Z',
      rocket: { configuration: 'f9', spacecraft_stage: [{ flight: 'f12' }] },
    };
    const crew14 = {
      id: 'crew14',
      name: 'Crew-14',
      status: 'go',
      net: '2027-02-15T00:00:00Z',
      last_updated: '2026-11-01T00:00:00Z',
      rocket: { configuration: 'f9', spacecraft_stage: [{ flight: 'f14' }] },
    };
    const data = world([crew12, crew14], { f12: 'freedom' });
    data.reference.spacecraftFlights.set('f14', rec({ id: 14, spacecraft: 'freedom' }));
    expect(worldAtClock(data, CLOCK).undecidedSpacecraft.size).toBe(0);
    expect(worldAtClock(world([crew12], { f12: 'freedom' }), CLOCK).undecidedSpacecraft.get('freedom')).toEqual({
      launch: 'crew12',
      launched: T('2026-02-13T10:15:00Z'),
      stated: T('2026-02-13T11:04:25Z'),
    });
  });

  it('is not one that flew longer ago than any stay in space', () => {
    // 2026-07-14T14:47:43Z + 440 days = 2027-09-27T14:47:43Z.
    const data = world([soyuz], { f29: 'ms29-craft' });
    expect(worldAtClock(data, T('2027-09-27T00:00:00Z')).undecidedSpacecraft.size).toBe(1);
    expect(worldAtClock(data, T('2027-09-28T00:00:00Z')).undecidedSpacecraft.size).toBe(0);
  });
});

const DAY = 86_400_000;
const text = (html: string): string =>
  html
    .replace(/<\/(p|li|h2|h3)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'");

describe('the panel names the spacecraft it cannot place', () => {
  it('beside the crew, and alone for an uncrewed flight, each linked to its record', async () => {
    const data = await scheduleDataSet();
    const { astronauts, spacecraft, spacecraftFlights, expeditions, spaceStations } = data.reference;
    const template = [...astronauts.values()][0];
    // The fixture's first astronaut, of NASA, renamed.
    astronauts.set('ann', { ...structuredClone(template), id: 9101, name: 'Ann Lift', in_space: false });
    expeditions.clear();
    for (const key of spaceStations.keys()) spaceStations.set(key, { ...spaceStations.get(key)!, ll2_figures: null });
    const craft = (key: string, id: number, name: string, flight: string, flightId: number) => {
      spacecraft.set(key, rec({ id, name, in_space: false }));
      spacecraftFlights.set(flight, rec({ id: flightId, spacecraft: key }));
    };
    craft('lift-capsule', 9201, 'Lift Capsule', 'flight-lift', 9301);
    craft('cargo-ship', 9202, 'Cargo Ship 7', 'flight-cargo', 9302);
    const past = data.launches.filter((l) => T(l.net) < NOW - 30 * DAY).sort((a, b) => T(b.net) - T(a.net));
    // A crew flown 60 days before the clock in Lift Capsule, its copy saved 40 min after liftoff.
    const flown = past[5];
    Object.assign(flown, {
      name: 'Test | Lift',
      status: 'success',
      net: new Date(NOW - 60 * DAY).toISOString().replace('.000', ''),
      last_updated: new Date(NOW - 60 * DAY + 40 * 60_000).toISOString().replace('.000', ''),
    });
    (flown.rocket as JsonObject).spacecraft_stage = [
      { flight: 'flight-lift', destination: 'Tiangong space station', launch_crew: crew('ann') },
    ];
    // An uncrewed cargo flight 90 days before the clock, its copy saved 2 h 8 min after liftoff.
    const cargo = past[6];
    Object.assign(cargo, {
      name: 'Test | Cargo',
      status: 'success',
      net: new Date(NOW - 90 * DAY).toISOString().replace('.000', ''),
      last_updated: new Date(NOW - 90 * DAY + 128 * 60_000).toISOString().replace('.000', ''),
    });
    (cargo.rocket as JsonObject).spacecraft_stage = [{ flight: 'flight-cargo', destination: 'ISS' }];

    const context = createContext(data, { now: NOW, baseUrl: BASE_URL });
    const untold = untoldInSpace(context).filter((u) => u.kind === 'stated-at-liftoff');
    expect(untold.map((u) => [u.launch.name, u.people.map((p) => p.name), u.spacecraft.map((c) => c.name)])).toEqual([
      ['Test | Lift', ['Ann Lift'], ['Lift Capsule']],
      ['Test | Cargo', [], ['Cargo Ship 7']],
    ]);
    // The API's value stays as decided: not in space.
    expect(context.data.reference.spacecraft.get('cargo-ship')!.in_space).toBe(false);
    const html = renderInSpace(context);
    const panel = text(html);
    // NOW 2026-11-21T12:00Z − 60 d = Tue 22 Sep 2026; − 90 d = Sun 23 Aug 2026.
    expect(panel).toContain(
      'Test | Lift, launched Tue 22 Sep 2026, to Tiangong space station\nAnn Lift (NASA)\nSpacecraft: Lift Capsule\n' +
        "LL2's copy of this launch, saved 40 min after liftoff (Tue 22 Sep 2026), still had them and their spacecraft not in space, as LL2 has them until it updates a crew after its launch; we hold no later word of them. Whether they are in space at this build, our data do not say.",
    );
    expect(panel).toContain(
      'Test | Cargo, launched Sun 23 Aug 2026, to ISS\nSpacecraft: Cargo Ship 7\n' +
        "LL2's copy of this launch, saved 2 h 8 min after liftoff (Sun 23 Aug 2026), still had its spacecraft not in space, as LL2 has it until it updates a flight after its launch; we hold no later word of it. Whether it is in space at this build, our data do not say.",
    );
    expect(html).toContain('href="2.3.0/spacecraft/9201/index.json"');
    expect(html).toContain('href="2.3.0/spacecraft/9202/index.json"');
  });
});

describe('the panel names the spacecraft the records say are in space, with the date it rests on', () => {
  it('a report older than 30 days is called old; a recent one is not; nothing else puts a panel on the page', async () => {
    const data = await scheduleDataSet();
    const { spacecraft, spacecraftFlights } = data.reference;
    const craft = (key: string, id: number, name: string, flight: string, flightId: number) => {
      spacecraft.set(key, rec({ id, name, in_space: true }));
      spacecraftFlights.set(flight, rec({ id: flightId, spacecraft: key }));
    };
    craft('old-cargo', 9211, 'Old Cargo', 'flight-old', 9311);
    craft('new-cargo', 9212, 'New Cargo', 'flight-new', 9312);
    const upcoming = data.launches.filter((l) => T(l.net) > NOW).sort((a, b) => T(a.net) - T(b.net));
    // Their statements are dated by the copies that carry them: 45 days and 2 days before the clock.
    const carry = (launch: LaunchRecord, flight: string, lastUpdated: string) => {
      launch.last_updated = lastUpdated;
      (launch.rocket as JsonObject).spacecraft_stage = [{ flight }];
    };
    carry(upcoming[3], 'flight-old', '2026-10-07T12:00:00Z');
    carry(upcoming[4], 'flight-new', '2026-11-19T12:00:00Z');

    const context = createContext(data, { now: NOW, baseUrl: BASE_URL });
    expect(spacecraftInSpace(context).map((c) => [c.name, c.reportedAt])).toEqual([
      ['New Cargo', '2026-11-19T12:00:00Z'],
      ['Old Cargo', '2026-10-07T12:00:00Z'],
    ]);
    const html = renderInSpace(context);
    const panel = text(html);
    expect(panel).toContain('No one is in space by the dated facts we hold at this build.');
    // NOW 2026-11-21T12:00Z: 45 days after Wed 7 Oct 2026, 2 days after Thu 19 Nov 2026.
    expect(panel).toContain(
      'Spacecraft in space\nNew Cargo\nIn space as LL2 reported on Thu 19 Nov 2026.\n\nOld Cargo\n' +
        'In space as LL2 reported on Wed 7 Oct 2026, 45 days before this build: it may have returned since, and LL2 has not told us yet.',
    );
    expect(html).toContain('<a href="2.3.0/spacecraft/9211/index.json">Old Cargo</a>');
    expect(panel).not.toContain('What our data cannot tell');
  });
});
