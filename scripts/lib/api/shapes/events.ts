// Events in LL2's modes: normal (`EventEndpointNormal`, collection pages) and
// detailed (`events/{id}/`, with the agencies, launches, stations and programs it
// links to). Normal events do not link to launches, as in LL2. Pure.

import type { EventRecord, Json, JsonObject, LaunchRecord } from '../../model/records.ts';
import type { AgencyShapes } from './agencies.ts';
import type { ConfigShapes } from './config.ts';
import { orNull, shapeImage, shapeInfoUrl, shapeVidUrl, type ShapeKit } from './kit.ts';
import type { LaunchShapes } from './launches.ts';
import type { NestedShapes } from '../../../schemas/resources/declaration.ts';
import type { StationShapes } from './stations.ts';

interface EventParts {
  config: ConfigShapes;
  agencies: AgencyShapes;
  /** The programs and mission patches, from their declarations (schemas/resources/). */
  programs: Pick<NestedShapes, 'programNormal' | 'missionPatch'>;
  stations: StationShapes;
  launches: LaunchShapes;
  /** An update (`Update`) as the event states LL2's object (schemas/resources/updates.ts). */
  update: (update: JsonObject) => JsonObject;
}

export function eventShapes(
  { urls }: ShapeKit,
  { config, agencies, programs, stations, launches, update }: EventParts,
) {
  const eventNormal = (e: EventRecord): JsonObject => ({
    id: e.id,
    url: urls.event(e.id),
    name: e.name,
    info_urls: (e.info_urls ?? []).map(shapeInfoUrl),
    vid_urls: (e.vid_urls ?? []).map(shapeVidUrl),
    image: shapeImage(e.image),
    date: e.date,
    slug: e.slug,
    type: config.idAndName('eventTypes', e.type),
    description: e.description ?? '',
    webcast_live: e.webcast_live ?? false,
    location: orNull(e.location),
    date_precision: config.nullablePrecision(e.date_precision),
    response_mode: 'normal',
    duration: orNull(e.duration),
    updates: (e.updates ?? []).map((u) => update(u)),
    last_updated: e.last_updated,
  });
  return {
    eventNormal,
    eventDetailed: (e: EventRecord, launchesById: ReadonlyMap<string, LaunchRecord>): JsonObject => ({
      ...eventNormal(e),
      response_mode: 'detailed',
      agencies: (e.agencies ?? []).map(agencies.agencyMini),
      launches: (e.launches ?? []).map((id): Json => launches.launchBasic(launchesById.get(id)!)),
      expeditions: e.expeditions ?? [],
      spacestations: (e.spacestations ?? []).map(stations.spaceStation),
      program: (e.program ?? []).map(programs.programNormal),
      astronauts: e.astronauts ?? [],
    }),
  };
}
