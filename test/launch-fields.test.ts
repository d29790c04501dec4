// A launch's fields, written once (scripts/schemas/resources/launch-fields.ts): the
// objects of each mode (api/shapes/launches.ts), the lighter modes cut from a detailed
// launch (api/projection.ts) and the definitions LaunchBasic, LaunchNormal and
// LaunchDetailed all hold the fields of that mode, in their order (the attempt
// counters as the objects carry them); a normal launch's provider and rocket are the
// list-mode cuts of the detailed one's; a mission's and a first stage's fields make their objects and `Mission`, `FirstStage`. On the checked-in fixture's launches; by hand.

import { describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { launchInMode } from '../scripts/lib/api/projection.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { JsonObject, LaunchRecord } from '../scripts/lib/model/records.ts';
import type { FieldMode } from '../scripts/schemas/resources/fields.ts';
import { FIRST_STAGE_FIELDS, LAUNCH_FIELDS, MISSION_FIELDS } from '../scripts/schemas/resources/launch-fields.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://example.test/2.3.0/';

const namesIn = (mode: FieldMode): string[] => LAUNCH_FIELDS.filter((f) => f.modes.includes(mode)).map((f) => f.name);

describe('launch fields', () => {
  it("make each mode's objects, the lighter modes' cuts and the definitions, in their order", async () => {
    const data = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
    const { shape } = createContext(data, { now: NOW, baseUrl: BASE_URL });
    expect(data.launches.length).toBeGreaterThan(1);
    for (const launch of data.launches) {
      const detailed = shape.launchDetailed(launch);
      expect(Object.keys(detailed), launch.id).toEqual(namesIn('detailed'));
      expect(Object.keys(shape.launchNormal(launch))).toEqual(namesIn('normal'));
      expect(shape.launchBasic(launch)).toEqual({ ...launchInMode(detailed, 'list') });
      expect(Object.keys(shape.launchBasic(launch))).toEqual(namesIn('mini'));
      expect(launchInMode(detailed, 'normal')).toEqual(shape.launchNormal(launch));
    }
    const definitions = responseDefinitions() as Record<string, { properties: JsonObject }>;
    // A mission, one mode, as both launch modes nest it.
    const missions = data.launches.filter((l) => l.mission).map((l) => shape.launchNormal(l).mission as JsonObject);
    expect(missions.length).toBeGreaterThan(0);
    for (const m of missions) expect(Object.keys(m)).toEqual(MISSION_FIELDS.map((f) => f.name));
    expect(Object.keys(definitions.Mission.properties)).toEqual(MISSION_FIELDS.map((f) => f.name));
    // A first stage, as a detailed launch nests it.
    const [first] = data.launches;
    const booster = [...data.reference.launchers.keys()][0];
    const flown: LaunchRecord = {
      ...first,
      rocket: {
        ...first.rocket,
        launcher_stage: [
          { id: 5, type: 'Core', launcher: booster, previous_flight_date: '2024-01-01T00:00:00Z' },
          { id: 6, type: 'Booster', turn_around_time_days: 40 },
        ] as JsonObject[],
      },
    };
    const stages = (shape.launchDetailed(flown).rocket as JsonObject).launcher_stage as JsonObject[];
    expect(stages.map((st) => st.launcher === null)).toEqual([false, true]);
    expect(stages[1]).toMatchObject({ type: 'Booster', reused: null, turn_around_time: 'P40D', landing: null });
    for (const stage of stages) expect(Object.keys(stage)).toEqual(FIRST_STAGE_FIELDS.map((f) => f.name));
    expect(Object.keys(definitions.FirstStage.properties)).toEqual(FIRST_STAGE_FIELDS.map((f) => f.name));
    expect(Object.keys(definitions.LaunchBasic.properties)).toEqual(namesIn('mini'));
    expect(Object.keys(definitions.LaunchNormal.properties)).toEqual(namesIn('normal'));
    expect(Object.keys(definitions.LaunchDetailed.properties)).toEqual(namesIn('detailed'));
    expect(definitions.LaunchBasic.properties.response_mode).toEqual({ const: 'list' });
  });

  it('carry the attempt counters in the order LL2 writes them, the years after the totals', () => {
    const counters = namesIn('normal').filter(
      (name) => name.endsWith('_launch_attempt_count') || name.endsWith('_year'),
    );
    expect(counters).toEqual([
      'orbital_launch_attempt_count',
      'location_launch_attempt_count',
      'pad_launch_attempt_count',
      'agency_launch_attempt_count',
      'orbital_launch_attempt_count_year',
      'location_launch_attempt_count_year',
      'pad_launch_attempt_count_year',
      'agency_launch_attempt_count_year',
    ]);
  });
});
