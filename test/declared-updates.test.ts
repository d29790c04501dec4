// Updates, declared once (scripts/schemas/resources/updates.ts): the definition made
// from their field list is the one written by hand before
// (test/fixtures/decl/update-definition.json, as schemas/responses.ts gave it at
// b0d7190f) and stands where it stood; a launch nests the object its key names and
// the one it states as LL2's, an event the one it states; what an update relates to
// (`related`: the launch that lists it, the last where several do, with its provider
// and programs) is what its table's cells read, and the table has the parameters it
// had; its input keys follow that launch. On the checked-in fixture plus two updates
// and three launches; by hand.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { createShaper } from '../scripts/lib/api/shape.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type {
  DataSet,
  JsonObject,
  LaunchRecord,
  ReferenceData,
  ReferenceRecord,
} from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import { REFERENCE_TABLES } from '../scripts/lib/query/reference-tables.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeEvent, makeLaunch, memoryDataSet } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://api.example.org/2.3.0/';
/** An update's record (it has no name, which ReferenceRecord's type names). */
const record = (fields: JsonObject) => fields as unknown as ReferenceRecord;
const STATED = { id: 300, created_on: '2026-11-10T00:00:00Z', comment: 'Stated, not filed.' };

describe('updates, declared', () => {
  let fixture: DataSet;
  let reference: ReferenceData;
  beforeAll(async () => {
    fixture = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
    reference = {
      ...fixture.reference,
      updates: new Map([
        ...fixture.reference.updates,
        ['update-200', record({ id: 200, created_on: '2026-11-15T00:00:00Z', comment: 'Listed twice.' })],
        ['update-201', record({ id: 201, created_on: '2026-11-16T00:00:00Z', info_url: 'https://example.org/201' })],
      ]),
    };
  });
  /** Launch 1 (SpaceX, no program) lists update-200; launch 2 (SpaceX, the ISS program) lists it too, and update-201. */
  const listing = (name = 'Second') => [
    makeLaunch(1, '2027-03-01T10:00:00Z', { updates: ['update-200'] }),
    makeLaunch(2, '2027-03-02T10:00:00Z', { name, program: ['iss'], updates: ['update-200', 'update-201'] }),
    makeLaunch(3, '2027-03-03T10:00:00Z', { updates: [STATED] }),
  ];
  const dataOf = (launches: LaunchRecord[], events = [makeEvent(900, '2027-04-01T00:00:00Z', { updates: [STATED] })]) =>
    memoryDataSet([...fixture.launches, ...launches], events, reference);

  it('have the definition written by hand before, where it stood', () => {
    const before = JSON.parse(readFileSync(new URL('./fixtures/decl/update-definition.json', import.meta.url), 'utf8'));
    const definitions = responseDefinitions();
    expect({ Update: definitions.Update }).toEqual(before);
    expect(definitions.UpdateNormal).toBeUndefined();
    const names = Object.keys(definitions);
    expect(names.slice(names.indexOf('VidURL'), names.indexOf('VidURL') + 3)).toEqual([
      'VidURL',
      'Update',
      'RoadClosure',
    ]);
  });

  it('nest in launches by key and as stated, and in events as stated, as the list shows them', () => {
    const data = dataOf(listing());
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const [, second, third] = data.launches.slice(-3);
    expect((shaper.launchDetailed(second) as { updates: unknown[] }).updates).toEqual([
      shaper.declared.updates.normal('update-200'),
      {
        id: 201,
        profile_image: null,
        comment: null,
        info_url: 'https://example.org/201',
        created_by: null,
        created_on: '2026-11-16T00:00:00Z',
      },
    ]);
    const stated = { ...STATED, profile_image: null, info_url: null, created_by: null };
    expect((shaper.launchDetailed(third) as { updates: JsonObject[] }).updates).toEqual([
      {
        id: 300,
        profile_image: null,
        comment: 'Stated, not filed.',
        info_url: null,
        created_by: null,
        created_on: '2026-11-10T00:00:00Z',
      },
    ]);
    expect(Object.keys((shaper.eventNormal(data.events[0]) as { updates: JsonObject[] }).updates[0])).toEqual([
      'id',
      'profile_image',
      'comment',
      'info_url',
      'created_by',
      'created_on',
    ]);
    expect((shaper.eventNormal(data.events[0]) as { updates: JsonObject[] }).updates).toEqual([
      expect.objectContaining(stated),
    ]);
  });

  it('relate the launch that lists them (the last of several), its provider and programs, and nothing where none does', () => {
    const data = dataOf(listing());
    const shaper = createShaper(data, computeStats(data), BASE_URL);
    const second = data.launches.at(-2)!;
    const related = { launch: second.id, provider: 121, programs: [17] };
    expect(shaper.declared.updates.related('update-200')).toEqual(related);
    expect(shaper.declared.updates.related('update-201')).toEqual(related);
    expect(shaper.declared.updates.related('update-100')).toEqual({});
    // The table's cells read them, beside the update's own.
    const table = REFERENCE_TABLES.updates;
    const object = shaper.declared.updates.normal('update-200');
    expect(
      Object.fromEntries(Object.entries(table.cells).map(([name, cell]) => [name, cell(object, related)])),
    ).toEqual({ created_on: '2026-11-15T00:00:00Z', launch: second.id, provider: 121, programs: [17] });
    expect(table.cells.programs(object, {})).toEqual([]);
    expect(table.cells.launch(object, {})).toBeNull();
  });

  it('have the table they had: no mode, an exact instant, a UUID list, the provider and a program', () => {
    const table = REFERENCE_TABLES.updates;
    expect(table.parameters.map((p) => p.name)).toEqual([
      'limit',
      'offset',
      'ordering',
      'search',
      'format',
      'created_on',
      'launch',
      'launch__launch_service_provider',
      'program',
    ]);
    expect([...table.modes]).toEqual(['normal']);
  });

  it('have input keys that change with the launch that lists them', () => {
    const keyOf = (launches: LaunchRecord[]) =>
      createContext(dataOf(launches), { now: NOW, baseUrl: BASE_URL }).keys.reference('updates', 'normal');
    const [named, renamed] = [keyOf(listing('Second')), keyOf(listing('Renamed second'))];
    expect(renamed('update-201')).not.toBe(named('update-201'));
    expect(renamed('update-100')).toBe(named('update-100'));
  });
});
