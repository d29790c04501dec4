// LL2's real history, replayed (npm run replay:ll2, docs/sync.md): a corpus of
// saved LL2 upcoming lists (../shared/ll2-replay/ format: launch versions and
// hourly observations) comes in; what LL2 would have answered at one moment
// (its upcoming list, its feed of changed launches, launches by id, one launch,
// an empty events page, empty pages of astronauts, space stations and expeditions, a
// Starship dashboard with empty lists) and how a published upcoming list compares with LL2's
// go out. Pure, apart from reading the corpus files (readReplayCorpus).
//
// The stand-in serves the saved objects as they are: LL2 2.2.0 launches in
// normal mode, which the importer reads (parse.ts) and upgrades with its own code.

import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { firstIndexWhere } from '../../base/binary-search.ts';
import type { JsonObject } from '../../model/records.ts';
import { compareLl2Names } from '../../model/stats.ts';
import { DAY_MS, toMillis } from '../../model/time.ts';
import { LL2_PAGE_LIMIT } from './plan.ts';

export interface ReplayObservation {
  /** When the list was fetched (a UTC timestamp). */
  at: string;
  /** LL2's upcoming list at that moment, in its order, as indexes into `versions`. */
  upcoming: number[];
}

export interface ReplayCorpus {
  /** Every saved launch version (one LL2 2.2.0 launch object each). */
  versions: JsonObject[];
  observations: ReplayObservation[];
}

/** A launch version with what the replay needs of it read once. */
interface Version {
  index: number;
  id: string;
  updated: number;
  object: JsonObject;
}

/** The corpus indexed for answering: every launch's versions, oldest change first. */
export interface ReplayIndex {
  corpus: ReplayCorpus;
  byLaunch: Map<string, Version[]>;
  /** For each launch, the indexes of the observations that list it (ascending). */
  listedAt: Map<string, number[]>;
}

async function readJsonLines(file: string): Promise<unknown[]> {
  const lines: unknown[] = [];
  const input = createReadStream(file).pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity }))
    if (line.trim() !== '') lines.push(JSON.parse(line));
  return lines;
}

/** Reads `launch-versions.jsonl.gz` and `observations.jsonl.gz` from `dir`. */
export async function readReplayCorpus(dir: string): Promise<ReplayCorpus> {
  const versions = (await readJsonLines(path.join(dir, 'launch-versions.jsonl.gz'))) as JsonObject[];
  const observations = (await readJsonLines(path.join(dir, 'observations.jsonl.gz'))) as ReplayObservation[];
  observations.forEach((o, i) => {
    if (
      typeof o.at !== 'string' ||
      !Array.isArray(o.upcoming) ||
      o.upcoming.some((n) => !Number.isInteger(n) || n < 0 || n >= versions.length)
    ) {
      throw new Error(
        `${path.join(dir, 'observations.jsonl.gz')}:${i + 1}: not {"at": TIME, "upcoming": [line numbers of launch-versions]}`,
      );
    }
  });
  return { versions, observations };
}

export function indexCorpus(corpus: ReplayCorpus): ReplayIndex {
  const byLaunch = new Map<string, Version[]>();
  corpus.versions.forEach((object, index) => {
    const id = String(object.id);
    const list = byLaunch.get(id) ?? [];
    list.push({ index, id, updated: toMillis(String(object.last_updated)), object });
    byLaunch.set(id, list);
  });
  for (const list of byLaunch.values()) list.sort((a, b) => a.updated - b.updated || a.index - b.index);
  const listedAt = new Map<string, number[]>();
  corpus.observations.forEach((o, k) => {
    for (const i of o.upcoming) {
      const id = String(corpus.versions[i].id);
      const list = listedAt.get(id) ?? [];
      if (list[list.length - 1] !== k) list.push(k);
      listedAt.set(id, list);
    }
  });
  return { corpus, byLaunch, listedAt };
}

// LL2 orders its launch lists by NET, then by the NET's precision (LL2's id:
// second 0 … year 14), then by name in its database collation (stats.ts): the
// order of every one of the corpus's lists.
const precisionId = (launch: JsonObject): number => {
  const p = launch.net_precision as JsonObject | null | undefined;
  return p && typeof p.id === 'number' ? p.id : Infinity;
};
export function compareLl2Launches(a: JsonObject, b: JsonObject): number {
  return (
    toMillis(String(a.net)) - toMillis(String(b.net)) ||
    precisionId(a) - precisionId(b) ||
    compareLl2Names(String(a.name), String(b.name)) ||
    (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0)
  );
}

/** The newest version of a launch LL2 had last updated by `at` (versions are sorted oldest change first). */
function versionAt(versions: readonly Version[], at: number): Version | undefined {
  let found: Version | undefined;
  for (const v of versions) {
    if (v.updated > at) break;
    found = v;
  }
  return found;
}

/** The observation in force at `at`: the last one fetched at or before it. */
function observationIndexAt(index: ReplayIndex, at: number): number {
  const obs = index.corpus.observations;
  return firstIndexWhere(obs.length, (i) => toMillis(obs[i].at) > at) - 1;
}

/**
 * A launch as LL2 holds it at `at`, or undefined when LL2 no longer has it. The
 * newest version updated by then, unless that version contradicts LL2's list of
 * that moment (it would be listed, before the list's last launch, and is not):
 * then LL2 had changed it in a way the corpus did not see (its NET moved past the
 * list) or deleted it. If the launch is listed again later, the version listed
 * then stands for the change (if it fits this moment's list); if it never is, or
 * no saved version fits, LL2 is answered as not having it (404).
 */
export function launchAt(index: ReplayIndex, id: string, at: number): JsonObject | undefined {
  const versions = index.byLaunch.get(id);
  if (!versions) return undefined;
  const current = versionAt(versions, at);
  if (!current) return undefined;
  const k = observationIndexAt(index, at);
  if (k < 0) return current.object;
  const observation = index.corpus.observations[k];
  const listed = observation.upcoming.map((i) => index.corpus.versions[i]);
  if (listed.some((l) => l.id === id) || !contradicts(current.object, listed, toMillis(observation.at)))
    return current.object;
  const later = (index.listedAt.get(id) ?? []).find((n) => n > k);
  if (later === undefined) return undefined;
  const laterObservation = index.corpus.observations[later];
  const i = laterObservation.upcoming.find((n) => String(index.corpus.versions[n].id) === id)!;
  // That later version, unless it too contradicts this moment's list: then LL2 held a version the corpus never
  // saw (its NET beyond the list), and the stand-in answers as if it had none (404) rather than make one up.
  const next = index.corpus.versions[i];
  return contradicts(next, listed, toMillis(observation.at)) ? undefined : next;
}

/**
 * A launch LL2 would list at `at` (its NET in the list's window, its place before
 * the list's last launch) that the list does not hold. Every saved list is the
 * head of LL2's (LL2 always had more than the 15 or 100 launches saved).
 */
function contradicts(launch: JsonObject, listed: readonly JsonObject[], at: number): boolean {
  if (toMillis(String(launch.net)) < at - DAY_MS || listed.length === 0) return false;
  return compareLl2Launches(launch, listed[listed.length - 1]) < 0;
}

/** LL2's Starship dashboard (StarshipDashboardNormal) with every list empty: the corpus holds none. */
const EMPTY_DASHBOARD: JsonObject = {
  response_mode: 'normal',
  updates: [],
  live_streams: [],
  road_closures: [],
  notices: [],
  vehicles: [],
  orbiters: [],
  upcoming: { launches: [], events: [] },
  previous: { launches: [], events: [] },
};

export interface StandInAnswer {
  status: number;
  body: JsonObject;
}

const versionJson = new WeakMap<JsonObject, Buffer>();
/**
 * An answer's JSON (UTF-8 bytes), each launch object's made once: the stand-in
 * serves the same saved versions run after run (the upcoming list, most of the feed).
 */
export function answerJson(body: JsonObject): Buffer {
  if (!Array.isArray(body.results)) return Buffer.from(JSON.stringify(body));
  const results = (body.results as JsonObject[]).map((r) => {
    let bytes = versionJson.get(r);
    if (bytes === undefined) versionJson.set(r, (bytes = Buffer.from(JSON.stringify(r))));
    return bytes;
  });
  const { results: _, ...rest } = body;
  const head = JSON.stringify({ ...rest, results: [] }); // ends with `[]}`
  const comma = Buffer.from(',');
  return Buffer.concat([
    Buffer.from(`${head.slice(0, -3)}[`),
    ...results.flatMap((r, i) => (i === 0 ? [r] : [comma, r])),
    Buffer.from(']}'),
  ]);
}

/** A page of `all`; `more`: LL2 holds more than `all` (a saved upcoming list is the head of LL2's). */
function paged(all: readonly JsonObject[], url: URL, more = false): JsonObject {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), LL2_PAGE_LIMIT);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const link = (at: number) => {
    const next = new URL(url.href);
    next.searchParams.set('offset', String(at));
    return next.href;
  };
  return {
    count: all.length,
    next:
      offset + limit < all.length
        ? link(offset + limit)
        : more && offset + limit >= all.length
          ? link(all.length)
          : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: all.slice(offset, offset + limit),
  };
}

const byUpdatedThenId = (a: JsonObject, b: JsonObject): number =>
  toMillis(String(a.last_updated)) - toMillis(String(b.last_updated)) ||
  (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0);

/**
 * What LL2 answers at `at` to a GET of `url` (under `/2.3.0/`): the observation
 * in force's upcoming list; the feed of changed launches (`last_updated__gte`,
 * ordered by last_updated and id) as the newest version of each launch updated
 * by then; launches by `id`; one launch (404 when deleted); an empty events page.
 */
export function answerAt(index: ReplayIndex, url: URL, at: number): StandInAnswer {
  const route = url.pathname.replace(/^.*?\/2\.3\.0\//, '');
  if (route === 'launches/upcoming/') {
    const k = observationIndexAt(index, at);
    const list = k < 0 ? [] : index.corpus.observations[k].upcoming.map((i) => index.corpus.versions[i]);
    return { status: 200, body: paged(list, url, true) };
  }
  // The corpus holds launches only: events and the resources in rotation (astronauts, space stations, expeditions) are answered empty.
  if (['events/upcoming/', 'events/', 'astronauts/', 'space_stations/', 'expeditions/'].includes(route))
    return { status: 200, body: paged([], url) };
  // And the Starship dashboard: one object (LL2's StarshipDashboardNormal), every list empty, so it writes nothing.
  if (route === 'dashboard/starship/') return { status: 200, body: EMPTY_DASHBOARD };
  if (route === 'launches/') {
    const ids = url.searchParams.get('id');
    const gte = url.searchParams.get('last_updated__gte');
    // The feed: what LL2 had last updated by then. By id: as LL2 holds each launch then (see launchAt).
    if (ids === null) {
      // The feed, from the versions' times read once (indexCorpus), not from each object's text.
      const since = gte === null ? -Infinity : toMillis(gte);
      const current = [...index.byLaunch.values()]
        .map((versions) => versionAt(versions, at))
        .filter((v): v is Version => v !== undefined && v.updated >= since);
      if (url.searchParams.get('ordering') === 'last_updated,id')
        current.sort((a, b) => a.updated - b.updated || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      else current.sort((a, b) => compareLl2Launches(a.object, b.object));
      return {
        status: 200,
        body: paged(
          current.map((v) => v.object),
          url,
        ),
      };
    }
    let all = ids
      .split(',')
      .filter(Boolean)
      .map((id) => launchAt(index, id, at))
      .filter((l): l is JsonObject => l !== undefined);
    if (gte !== null) all = all.filter((l) => toMillis(String(l.last_updated)) >= toMillis(gte));
    all.sort(url.searchParams.get('ordering') === 'last_updated,id' ? byUpdatedThenId : compareLl2Launches);
    return { status: 200, body: paged(all, url) };
  }
  const one = /^launches\/([0-9a-f-]{36})\/$/.exec(route);
  if (one) {
    const launch = launchAt(index, one[1], at);
    return launch ? { status: 200, body: launch } : { status: 404, body: { detail: 'Not found.' } };
  }
  return { status: 404, body: { detail: 'Not found.' } };
}
