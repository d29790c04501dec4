// Events in LL2's modes: normal (`EventEndpointNormal`, collection pages) and
// detailed (`events/{id}/`, with the agencies, launches, stations and programs it
// links to), made from their fields (schemas/resources/event-fields.ts). What an event
// nests of the reference kinds is their declared objects. In: the shape kit, the
// declared objects, the launch shapes; the launches by id for a detailed event. Out:
// the event objects. Pure.

import type { EventRecord, JsonObject, LaunchRecord } from '../../model/records.ts';
import { objectOf } from '../../../schemas/resources/fields.ts';
import { EVENT_FIELDS, type EventFieldRecord, type EventTools } from '../../../schemas/resources/event-fields.ts';
import { declaredOf, type Declared } from './declared.ts';
import { shapeImage, shapeInfoUrl, shapeVidUrl, type ShapeKit } from './kit.ts';
import type { LaunchShapes } from './launches.ts';

export function eventShapes({ urls }: ShapeKit, declared: Declared, launches: LaunchShapes) {
  const tools = (launchesById?: ReadonlyMap<string, LaunchRecord>): EventTools => ({
    url: urls.event,
    image: shapeImage,
    infoUrl: shapeInfoUrl,
    vidUrl: shapeVidUrl,
    of: declaredOf(declared),
    launchBasic: (id) => launches.launchBasic(launchesById!.get(id)!),
  });
  // A normal event names no launches (LL2's normal events do not link them).
  const normalTools = tools();
  const event = (e: EventRecord) => e as unknown as EventFieldRecord;
  return {
    eventNormal: (e: EventRecord): JsonObject => objectOf(EVENT_FIELDS, event(e), normalTools, 'normal'),
    eventDetailed: (e: EventRecord, launchesById: ReadonlyMap<string, LaunchRecord>): JsonObject =>
      objectOf(EVENT_FIELDS, event(e), tools(launchesById), 'detailed'),
  };
}
