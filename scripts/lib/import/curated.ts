// Is a launch of ours (written by hand, with an id of our own) the same real
// launch as an LL2 record? Conservative, two ways to be sure:
// - the NETs are within a day, the provider or the rocket configuration is the
//   same LL2 record, and the names (their mission parts, after "Rocket | ")
//   share at least half their words; or the same configuration from the same pad;
// - the NETs are the same to the second, and not on a whole minute;
// - the NETs are within 10 minutes and the provider, configuration or pad is the
//   same LL2 record, or the names share half their words (LL2's names differ from
//   ours more than its times: "Falcon 1 | Flight 3" is our "Falcon 1 | Trailblazer").
// Pure; the importer gives the facts of both sides.

import { DAY_MS, toMillis } from '../model/time.ts';

export interface LaunchFacts {
  name: string;
  net: string;
  /** LL2 ids of the provider and configuration (ours may be 90000+, which never equal LL2's). */
  providerId?: number;
  configurationId?: number;
  padId?: number;
}

export interface Comparison {
  same: boolean;
  /** Higher is closer; used to choose between several candidates. */
  score: number;
  /** What agreed and what did not, for the report. */
  why: string;
}

/** The least share of words two names must have in common. */
export const MIN_NAME_SIMILARITY = 0.5;
/** NETs this close are the same moment (LL2 and our sources round differently). */
const SAME_MOMENT_MS = 10 * 60_000;

const words = (name: string): Set<string> =>
  new Set(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== ''),
  );

/** What a launch name says about the mission: the part after "Rocket | " (the rocket is compared by configuration). */
const missionPart = (name: string): string => (name.includes('|') ? name.slice(name.indexOf('|') + 1) : name);

/** Shared words over all words of the mission parts of both names (Jaccard), 0–1. */
export function nameSimilarity(a: string, b: string): number {
  const wa = words(missionPart(a));
  const wb = words(missionPart(b));
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

export function compareLaunches(ours: LaunchFacts, ll2: LaunchFacts): Comparison {
  const apart = Math.abs(toMillis(ours.net) - toMillis(ll2.net));
  const same = (a: number | undefined, b: number | undefined) => a !== undefined && a === b;
  const sameProvider = same(ours.providerId, ll2.providerId);
  const sameConfiguration = same(ours.configurationId, ll2.configurationId);
  const samePad = same(ours.padId, ll2.padId);
  const similarity = nameSimilarity(ours.name, ll2.name);
  const alike = similarity >= MIN_NAME_SIMILARITY;
  // The same rocket cannot fly twice from one pad within a day; no two launches share a NET to the second.
  const sameDay = apart <= DAY_MS && (((sameProvider || sameConfiguration) && alike) || (samePad && sameConfiguration));
  const sameMoment = apart <= SAME_MOMENT_MS && (sameProvider || sameConfiguration || samePad || alike);
  const sameSecond = apart === 0 && toMillis(ours.net) % 60_000 !== 0;
  const mark = (ok: boolean) => (ok ? 'same' : 'other');
  const hours = apart / 3_600_000;
  return {
    same: sameDay || sameMoment || sameSecond,
    score: similarity + (sameProvider ? 0.5 : 0) + (sameConfiguration ? 0.5 : 0) + (samePad ? 0.5 : 0) - hours / 240,
    why: `NET ${hours.toFixed(1)} h apart, ${mark(sameProvider)} provider, ${mark(sameConfiguration)} configuration, ${mark(samePad)} pad, names ${Math.round(similarity * 100)} % alike`,
  };
}

/** Close enough to be worth naming in the report when not the same (a person may know better). */
export const nearMiss = (ours: LaunchFacts, ll2: LaunchFacts): boolean =>
  Math.abs(toMillis(ours.net) - toMillis(ll2.net)) <= DAY_MS &&
  ((ours.providerId !== undefined && ours.providerId === ll2.providerId) ||
    (ours.configurationId !== undefined && ours.configurationId === ll2.configurationId) ||
    nameSimilarity(ours.name, ll2.name) >= 0.3);
