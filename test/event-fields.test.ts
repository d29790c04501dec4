// An event's fields, written once (scripts/schemas/resources/event-fields.ts): the
// objects of each mode (api/shapes/events.ts), the lighter modes cut from a detailed
// event (api/projection.ts) and the definitions EventNormal and EventDetailed all hold
// the fields of that mode, in their order; and a field whose modes change moves in all
// three. On the checked-in fixture's events, and one that states every field; by hand.

import { describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import { eventInMode } from '../scripts/lib/api/projection.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { DataSet, JsonObject } from '../scripts/lib/model/records.ts';
import type { FieldMode } from '../scripts/schemas/resources/fields.ts';
import { EVENT_FIELDS } from '../scripts/schemas/resources/event-fields.ts';
import { responseDefinitions } from '../scripts/schemas/responses.ts';
import { FIXTURE_DIR, makeEvent, memoryDataSet } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://example.test/2.3.0/';

/** The fixture, with an event that states every field an event may. */
async function queryDataSet(): Promise<DataSet> {
  const fixture = checkData(await loadDataDir(FIXTURE_DIR), NOW).dataset!;
  const full = makeEvent(990, '2026-12-01T10:00:00Z', {
    description: 'Every field stated.',
    location: 'ISS',
    webcast_live: true,
    duration: 'PT2H',
    date_precision: 'day',
    image: null,
    vid_urls: [{ url: 'https://video.example.org/990' }],
    updates: [],
    agencies: ['nasa'],
    launches: fixture.launches.slice(0, 2).map((l) => l.id),
    spacestations: ['iss'],
    program: ['iss'],
  });
  return memoryDataSet(fixture.launches, [...fixture.events, full], fixture.reference);
}

const namesIn = (mode: FieldMode): string[] => EVENT_FIELDS.filter((f) => f.modes.includes(mode)).map((f) => f.name);

describe('event fields', () => {
  it("make each mode's objects, list mode's cut and the definitions, in their order", async () => {
    const data = await queryDataSet();
    const context = createContext(data, { now: NOW, baseUrl: BASE_URL });
    const launchesById = new Map(data.launches.map((l) => [l.id, l]));
    expect(data.events.length).toBeGreaterThan(1);
    for (const event of data.events) {
      const detailed = context.shape.eventDetailed(event, launchesById);
      expect(Object.keys(detailed), String(event.id)).toEqual(namesIn('detailed'));
      expect(Object.keys(context.shape.eventNormal(event))).toEqual(namesIn('normal'));
      expect(Object.keys(eventInMode(detailed, 'normal'))).toEqual(namesIn('normal'));
      expect(Object.keys(eventInMode(detailed, 'list'))).toEqual(namesIn('mini'));
      expect(eventInMode(detailed, 'normal')).toEqual(context.shape.eventNormal(event));
    }
    const definitions = responseDefinitions() as Record<string, { properties: JsonObject; required: string[] }>;
    expect(Object.keys(definitions.EventNormal.properties)).toEqual(namesIn('normal'));
    expect(Object.keys(definitions.EventDetailed.properties)).toEqual(namesIn('detailed'));
    expect(definitions.EventDetailed.properties.response_mode).toEqual({ const: 'detailed' });
  });

  it('name the launches a detailed event links, in list mode, and no launch in normal mode', async () => {
    const data = await queryDataSet();
    const context = createContext(data, { now: NOW, baseUrl: BASE_URL });
    const launchesById = new Map(data.launches.map((l) => [l.id, l]));
    const linking = data.events.find((e) => (e.launches ?? []).length > 0)!;
    const detailed = context.shape.eventDetailed(linking, launchesById);
    expect(detailed.launches).toEqual(linking.launches!.map((id) => context.shape.launchBasic(launchesById.get(id)!)));
    expect((detailed.launches as JsonObject[])[0]).toMatchObject({ response_mode: 'list' });
    expect(context.shape.eventNormal(linking)).not.toHaveProperty('launches');
  });
});
