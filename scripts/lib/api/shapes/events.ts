// Events in LL2's modes: normal (`EventEndpointNormal`, collection pages) and
// detailed (`events/{id}/`, with the agencies, launches, stations and programs it
// links to). Normal events do not link to launches, as in LL2. What an event nests of
// the reference kinds is their declared objects (schemas/resources/). Pure.

import type { EventRecord, Json, JsonObject, LaunchRecord } from '../../model/records.ts';
import type { Declared } from './declared.ts';
import { orNull, shapeImage, shapeInfoUrl, shapeVidUrl, type ShapeKit } from './kit.ts';
import type { LaunchShapes } from './launches.ts';

export function eventShapes({ urls }: ShapeKit, declared: Declared, launches: LaunchShapes) {
  const eventNormal = (e: EventRecord): JsonObject => ({
    id: e.id,
    url: urls.event(e.id),
    name: e.name,
    info_urls: (e.info_urls ?? []).map(shapeInfoUrl),
    vid_urls: (e.vid_urls ?? []).map(shapeVidUrl),
    image: shapeImage(e.image),
    date: e.date,
    slug: e.slug,
    type: declared.eventTypes.normal(e.type),
    description: e.description ?? '',
    webcast_live: e.webcast_live ?? false,
    location: orNull(e.location),
    date_precision: e.date_precision ? declared.netPrecisions.normal(e.date_precision) : null,
    response_mode: 'normal',
    duration: orNull(e.duration),
    updates: (e.updates ?? []).map(declared.updates.normal),
    last_updated: e.last_updated,
  });
  return {
    eventNormal,
    eventDetailed: (e: EventRecord, launchesById: ReadonlyMap<string, LaunchRecord>): JsonObject => ({
      ...eventNormal(e),
      response_mode: 'detailed',
      agencies: (e.agencies ?? []).map(declared.agencies.mini),
      launches: (e.launches ?? []).map((id): Json => launches.launchBasic(launchesById.get(id)!)),
      expeditions: e.expeditions ?? [],
      spacestations: (e.spacestations ?? []).map(declared.spaceStations.nested),
      program: (e.program ?? []).map(declared.programs.normal),
      astronauts: e.astronauts ?? [],
    }),
  };
}
