// LL2's expeditions as records of data/reference/expeditions.yaml (issue 22). In:
// a page of LL2 2.3.0's `expeditions/` in detailed mode (`ExpeditionDetailed`: id,
// name, start, end, the station nested, the crew as `AstronautFlight`s with each
// astronaut nested) — the sync reads the newest by start (resources.ts) —, our
// space stations, astronauts, countries, agencies and expeditions by key, and the
// clock. Out: the expedition records, each keyed from its name (a record already
// filed for its LL2 id keeps its key), its station by our key (by LL2 id), its crew
// members naming their astronauts by key (filed by astronaut-record.ts' conversion, as a
// launch's crew), its source in `provenance`; the astronaut records with the
// crews' astronauts filed; the keys that changed; what was left out, and why.
// Filed: every expedition under way at the clock (started, no end stated or an end
// after it) and every one we hold already (an end LL2 states later reaches ours);
// an expedition that ended before we held it is left out (the slot keeps the
// active ones). The end is LL2's: none stated stays null, never assumed. An
// expedition whose station we do not hold, or whose start is no time, is left out
// and named. Pure.

import type { Json, JsonObject } from '../model/records.ts';
import { formatTimestamp, isUtcTimestamp, toMillis } from '../model/time.ts';
import { fileAstronautList } from './astronaut-list.ts';
import type { AstronautReference } from './astronaut-record.ts';
import { RecordFiler } from './filer.ts';
import { nestedProvenance } from './provenance.ts';
import { deepEqual, isObject } from './schema-walk.ts';
import { canonicalReference } from './yaml-out.ts';

export interface ExpeditionReference extends AstronautReference {
  spaceStations: ReadonlyMap<string, JsonObject>;
  expeditions: ReadonlyMap<string, JsonObject>;
}

export interface ExpeditionListResult {
  expeditions: Map<string, JsonObject>;
  /** Keys of the expedition records added or changed. */
  changed: string[];
  astronauts: Map<string, JsonObject>;
  /** Keys of the astronaut records added or changed (the crews' astronauts). */
  astronautsChanged: string[];
  /** Expeditions of the page not filed, each with the reason (`Expedition 72 (LL2 id 168): …`). */
  leftOut: string[];
}

/** A UTC timestamp of ours from LL2's (fractions of a second dropped); undefined when it is none. */
function timestamp(value: Json | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (isUtcTimestamp(value)) return value;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : formatTimestamp(ms);
}

export function fileExpeditionList(
  list: readonly JsonObject[],
  reference: ExpeditionReference,
  options: { now: number; version?: string; savedBy?: string },
): ExpeditionListResult {
  const stationById = new Map([...reference.spaceStations].map(([key, s]) => [s.id, key]));
  const filer = new RecordFiler(reference.expeditions, 'expedition');
  const leftOut: string[] = [];
  const changed = new Set<string>();
  // The crews' astronauts, filed as those of LL2's list of the astronauts in space are (astronaut-list.ts), a later statement over ours.
  const crewAstronauts = list
    .flatMap((e) => (Array.isArray(e.crew) ? e.crew : []))
    .flatMap((m) => (isObject(m) && isObject(m.astronaut) && typeof m.astronaut.id === 'number' ? [m.astronaut] : []));
  const filedAstronauts = fileAstronautList(crewAstronauts, reference, {
    complete: false,
    fetchedAt: formatTimestamp(options.now),
    version: options.version,
  });
  const astronautKey = new Map([...filedAstronauts.astronauts].map(([key, a]) => [a.id, key]));
  for (const expedition of list) {
    if (typeof expedition.id !== 'number') continue;
    const name = typeof expedition.name === 'string' ? expedition.name : '';
    const named = `${name || 'an expedition'} (LL2 id ${expedition.id})`;
    const held = filer.keyFor(expedition.id) !== undefined;
    const start = timestamp(expedition.start);
    const end = expedition.end === null || expedition.end === undefined ? null : timestamp(expedition.end);
    if (start === undefined) {
      leftOut.push(`${named}: its start ${JSON.stringify(expedition.start ?? null)} is no time`);
      continue;
    }
    if (end === undefined) {
      leftOut.push(`${named}: its end ${JSON.stringify(expedition.end)} is no time`);
      continue;
    }
    const underWay = toMillis(start) <= options.now && (end === null || toMillis(end) > options.now);
    if (!underWay && !held) {
      if (toMillis(start) > options.now) leftOut.push(`${named}: not started at ${formatTimestamp(options.now)}`);
      continue; // ended before we held it: not an active expedition
    }
    const station = isObject(expedition.spacestation) ? stationById.get(expedition.spacestation.id) : undefined;
    if (station === undefined) {
      const nested = isObject(expedition.spacestation)
        ? `${JSON.stringify(expedition.spacestation.name ?? null)}, LL2 id ${String(expedition.spacestation.id)}`
        : 'none';
      leftOut.push(`${named}: its space station (${nested}) is not among ours`);
      continue;
    }
    const assumed: Record<string, string> = {};
    const crew: JsonObject[] = [];
    for (const member of Array.isArray(expedition.crew) ? expedition.crew : []) {
      if (!isObject(member) || !isObject(member.astronaut)) continue;
      const key = astronautKey.get(member.astronaut.id);
      const role =
        isObject(member.role) && typeof member.role.id === 'number' && typeof member.role.role === 'string'
          ? member.role
          : undefined;
      if (typeof member.id !== 'number' || key === undefined || role === undefined) {
        assumed.crew = 'a crew member of the source without its id, astronaut or role is left out';
        continue;
      }
      crew.push({
        id: member.id,
        role: {
          id: role.id,
          role: role.role,
          ...(typeof role.priority === 'number' ? { priority: role.priority } : {}),
        },
        astronaut: key,
      });
    }
    const url = typeof expedition.url === 'string' ? expedition.url : undefined;
    const version = url?.match(/\/(\d+\.\d+\.\d+)\//)?.[1] ?? options.version;
    const record: JsonObject = {
      id: expedition.id,
      name,
      start,
      end,
      space_station: station,
      crew,
      provenance: nestedProvenance(options.savedBy ? { saved_by: options.savedBy } : {}, url, version, assumed),
    };
    const before = filer.records.get(filer.keyFor(expedition.id) ?? '');
    const key = filer.file(record as JsonObject & { id: number }, name);
    const after = filer.records.get(key)!;
    if (!before || !deepEqual(canonicalReference('expeditions', before), canonicalReference('expeditions', after)))
      changed.add(key);
  }
  // Only the astronauts a filed expedition names (another expedition's crew is not ours to add).
  const named = new Set(
    [...filer.records.values()].flatMap((e) =>
      (Array.isArray(e.crew) ? e.crew : []).map((m) => String((m as JsonObject).astronaut)),
    ),
  );
  const astronauts = new Map(reference.astronauts);
  const astronautsChanged: string[] = [];
  for (const key of filedAstronauts.changed) {
    if (!named.has(key)) continue;
    astronauts.set(key, filedAstronauts.astronauts.get(key)!);
    astronautsChanged.push(key);
  }
  return { expeditions: filer.records, changed: [...changed].sort(), astronauts, astronautsChanged, leftOut };
}
