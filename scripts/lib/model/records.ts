// Types of the records as they are written in the YAML data files (after schema
// validation). References to reference data are short keys; the build resolves them.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import type { JsonObject } from '../base/json-types.ts';
import type { LaunchHistory } from './history.ts';

export type { Json, JsonObject, PathSegment } from '../base/json-types.ts';

export interface LaunchRecord {
  id: string;
  slug: string;
  name: string;
  status: string;
  net: string;
  window_start: string;
  window_end: string;
  launch_service_provider: string;
  rocket: {
    id?: number;
    configuration: string;
    launcher_stage?: JsonObject[];
    spacecraft_stage?: JsonObject[];
    payloads?: JsonObject[];
  };
  pad: string;
  last_updated: string;
  launch_designator?: string | null;
  net_precision?: string | null;
  probability?: number | null;
  weather_concerns?: string | null;
  failreason?: string | null;
  hashtag?: string | null;
  webcast_live?: boolean;
  image?: JsonObject | null;
  infographic?: string | null;
  mission?: MissionRecord | null;
  program?: string[];
  flightclub_url?: string | null;
  info_urls?: JsonObject[];
  vid_urls?: JsonObject[];
  /** Keys in updates.yaml (LL2's objects until the migration files them). */
  updates?: Array<JsonObject | string>;
  timeline?: JsonObject[];
  /** Keys in mission-patches.yaml (LL2's objects until the migration files them). */
  mission_patches?: Array<JsonObject | string>;
  provenance?: ProvenanceRecord;
}

/** Where an imported record comes from (see `provenance` in data-files.ts). */
export interface ProvenanceRecord {
  credit: string;
  ll2_version?: string;
  saved_by?: string;
  /** When the source was saved (an import's --saved-at). */
  saved_at?: string;
  url?: string;
  derived?: string[];
  assumed?: Record<string, string>;
}

export interface MissionRecord {
  id?: number;
  name: string;
  type: string;
  orbit: string;
  description?: string;
  image?: JsonObject | null;
  agencies?: string[];
  info_urls?: JsonObject[];
  vid_urls?: JsonObject[];
}

export interface EventRecord {
  id: number;
  slug: string;
  name: string;
  type: string;
  date: string | null;
  last_updated: string;
  date_precision?: string | null;
  description?: string;
  location?: string | null;
  webcast_live?: boolean;
  duration?: string | null;
  image?: JsonObject | null;
  info_urls?: JsonObject[];
  vid_urls?: JsonObject[];
  updates?: JsonObject[];
  agencies?: string[];
  launches?: string[];
  spacestations?: string[];
  program?: string[];
  expeditions?: JsonObject[];
  astronauts?: JsonObject[];
  provenance?: ProvenanceRecord;
}

/** Reference records keep their LL2 fields; references inside them are keys too. */
export type ReferenceRecord = JsonObject & { id: number; name: string };

export type ReferenceData = Record<ReferenceKind, Map<string, ReferenceRecord>>;

/**
 * `data/reference/starship-dashboard.yaml` (schemas/data-files.ts): LL2's Starship
 * dashboard's road closures, notices, live streams and orbiters (our spacecraft by
 * key), as LL2 last gave them; every part optional.
 */
export interface StarshipDashboardRecord {
  road_closures?: Array<{
    id: number;
    title: string;
    status: { id: number; name: string };
    window_start: string;
    window_end: string;
  }>;
  notices?: Array<{ id: number; type: { id: number; name: string }; date: string; url: string }>;
  live_streams?: Array<{ url: string; image: string | null; title?: string | null; description?: string | null }>;
  orbiters?: string[];
  fetched_at?: string;
  provenance?: ProvenanceRecord;
}

export interface DataSet {
  launches: LaunchRecord[];
  events: EventRecord[];
  reference: ReferenceData;
  /** Hash of the file each launch or event came from, where known: a cheap identity of its content. */
  digests?: ReadonlyMap<object, string>;
  /** `data/ll2-sync.yaml`, where the hourly sync stands with LL2, when the folder has one. */
  ll2Sync?: {
    launches_updated_since: string;
    last_success_at?: string;
    /** The launches the sync deleted, dated, with why (docs/sync.md): the change feed's "gone from LL2's list". */
    removed?: ReadonlyArray<{
      at: string;
      id: string;
      name: string;
      reason: 'not-found' | 'missing';
      missing_since?: string;
      path: string;
    }>;
  };
  /** `data/reference/starship-dashboard.yaml`, when the folder has one. */
  starshipDashboard?: StarshipDashboardRecord;
  /** `data/history/**`: each launch's history of dates and statuses, by launch id (docs/history.md). */
  history?: ReadonlyMap<string, LaunchHistory>;
}
