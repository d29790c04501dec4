// The schemas of the launch and event data files (`data/launches/`, `data/events/`):
// a launch with its rocket and mission, an event. The order of `properties` is the
// canonical key order of the YAML files. In: the schema building blocks. Out: the
// two schemas. Pure.

import {
  bool,
  duration,
  infoUrl,
  int,
  key,
  keys,
  list,
  missionPatch,
  nullable,
  nullableImage,
  nullableKey,
  nullableStr,
  nullableTimestamp,
  nullableUrl,
  object,
  orderedObject,
  passthrough,
  provenance,
  slug,
  str,
  text,
  timestamp,
  update,
  uuid,
  vidUrl,
} from './building-blocks.ts';

const mission = object(
  { name: str(255), type: key, orbit: key },
  {
    id: int(1),
    description: text(),
    image: nullableImage,
    agencies: keys,
    info_urls: list(infoUrl),
    vid_urls: list(vidUrl),
  },
);

const rocket = object(
  { configuration: key },
  {
    id: int(1),
    launcher_stage: list(passthrough),
    spacecraft_stage: list(passthrough),
    payloads: list(passthrough),
  },
);

export const launchSchema = orderedObject(
  {
    id: uuid,
    slug,
    name: str(2048),
    launch_designator: nullableStr(255),
    status: key,
    net: timestamp,
    net_precision: nullableKey,
    window_start: timestamp,
    window_end: timestamp,
    probability: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
    weather_concerns: nullableStr(255),
    failreason: nullableStr(2048),
    hashtag: nullableStr(2048),
    webcast_live: bool,
    launch_service_provider: key,
    rocket,
    mission: nullable(mission),
    pad: key,
    program: keys,
    image: nullableImage,
    infographic: nullableUrl,
    info_urls: list(infoUrl),
    vid_urls: list(vidUrl),
    flightclub_url: nullableUrl,
    // Each a key in updates.yaml; LL2's object until npm run migrate:graph files it.
    updates: list({ anyOf: [update, key] }),
    timeline: list(
      object({
        relative_time: nullableStr(64),
        type: nullable(object({ id: int(), abbrev: str(255) }, { description: str(2048) })),
      }),
    ),
    // Each a key in mission-patches.yaml; LL2's object until npm run migrate:graph files it.
    mission_patches: list({ anyOf: [missionPatch, key] }),
    provenance,
    last_updated: timestamp,
  },
  [
    'id',
    'slug',
    'name',
    'status',
    'net',
    'window_start',
    'window_end',
    'launch_service_provider',
    'rocket',
    'pad',
    'last_updated',
  ],
);

export const eventSchema = orderedObject(
  {
    id: int(1),
    slug,
    name: str(200),
    type: key,
    date: nullableTimestamp,
    date_precision: nullableKey,
    duration,
    location: nullableStr(100),
    description: str(2048),
    webcast_live: bool,
    agencies: keys,
    launches: { type: 'array', items: uuid, uniqueItems: true, maxItems: 200 },
    spacestations: keys,
    program: keys,
    expeditions: list(passthrough),
    astronauts: list(passthrough),
    image: nullableImage,
    info_urls: list(infoUrl),
    vid_urls: list(vidUrl),
    updates: list(update),
    provenance,
    last_updated: timestamp,
  },
  ['id', 'slug', 'name', 'type', 'date', 'last_updated'],
);
