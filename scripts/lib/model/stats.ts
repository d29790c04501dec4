// Figures LL2 derives from its whole database, derived here from the whole data
// set in one pass over the launches sorted by NET: launch attempt counters, pad
// and location totals, turnarounds and agency / rocket tallies.

import type { DataSet, LaunchRecord, ReferenceData, ReferenceRecord } from './records.ts';
import { FAILURE_STATUS_IDS, FLOWN_STATUS_IDS, SUCCESS_STATUS_ID, WAITING_STATUS_IDS } from './statuses.ts';
import { toMillis } from './time.ts';

export interface AttemptCounters {
  orbital_launch_attempt_count: number | null;
  location_launch_attempt_count: number;
  pad_launch_attempt_count: number;
  agency_launch_attempt_count: number;
  orbital_launch_attempt_count_year: number | null;
  location_launch_attempt_count_year: number;
  pad_launch_attempt_count_year: number;
  agency_launch_attempt_count_year: number;
}

export interface Tally {
  total_launch_count: number;
  successful_launches: number;
  failed_launches: number;
  pending_launches: number;
  consecutive_successful_launches: number;
}

export interface PadStats {
  total_launch_count: number;
  orbital_launch_attempt_count: number;
  fastest_turnaround: string | null;
}

export interface DataSetStats {
  launch: Map<string, AttemptCounters & { pad_turnaround: string }>;
  pads: Map<string, PadStats>;
  locations: Map<string, { total_launch_count: number }>;
  agencies: Map<string, Tally>;
  configurations: Map<string, Tally>;
  families: Map<string, Tally>;
  celestialBodies: Map<
    string,
    { total_attempted_launches: number; successful_launches: number; failed_launches: number }
  >;
}

/** The figures counted of each kind whose records' tallies objects show, by that kind's name and the record's key. */
export const statsByKind = (stats: DataSetStats) => ({
  agencies: stats.agencies,
  launcherConfigurations: stats.configurations,
  launcherFamilies: stats.families,
  pads: stats.pads,
  locations: stats.locations,
  celestialBodies: stats.celestialBodies,
});

/** ISO 8601 duration as LL2 writes it: `P2DT19H40M`, `PT23H32M33S`, `P0D`. */
export function formatDuration(ms: number): string {
  let seconds = Math.max(0, Math.round(ms / 1000));
  const days = Math.floor(seconds / 86400);
  seconds -= days * 86400;
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  const out = `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
  return out === 'P' ? 'P0D' : out;
}

/** A launch with its NET in milliseconds. */
export interface TimedLaunch {
  launch: LaunchRecord;
  net: number;
}

/** LL2's database collation of names, as its lists show it: letters and digits first, case, spaces, punctuation and symbols ("|") after. */
const launchNameCollator = new Intl.Collator('en', { sensitivity: 'base' });
const collationKey = (name: string): string => name.replace(/[^\p{L}\p{N}]+/gu, '');
/** Two launch names in LL2's order (see above). */
export const compareLl2Names = (a: string, b: string): number =>
  launchNameCollator.compare(collationKey(a), collationKey(b)) || compareText(a, b);

/** Each NET precision's LL2 id by its key (second 0 … year 14): the precisions order equal NETs. */
export function precisionRanks(reference: Pick<ReferenceData, 'netPrecisions'>): Map<string, number> {
  return new Map(
    [...reference.netPrecisions].map(([key, record]) => [key, typeof record.id === 'number' ? record.id : Infinity]),
  );
}

/**
 * Launches in LL2's order, each with its NET parsed once: by NET, then the NET's
 * precision (finer first, none last), then name in LL2's collation, then id. Every
 * upcoming list LL2 served from January to July 2026 is in this order
 * (docs/differences.md). The build sorts once: the counters below and every launch
 * collection (collections.ts) read this order.
 */
export function launchesByNet(
  launches: readonly LaunchRecord[],
  precisions: ReadonlyMap<string, number> = new Map(),
): TimedLaunch[] {
  const keyed = launches.map((launch) => ({
    launch,
    net: toMillis(launch.net),
    precision: launch.net_precision ? (precisions.get(launch.net_precision) ?? Infinity) : Infinity,
    name: collationKey(launch.name),
  }));
  keyed.sort(
    (a, b) =>
      a.net - b.net ||
      (a.precision === b.precision ? 0 : a.precision < b.precision ? -1 : 1) ||
      launchNameCollator.compare(a.name, b.name) ||
      compareText(a.launch.name, b.launch.name) ||
      compareText(a.launch.id, b.launch.id),
  );
  return keyed.map(({ launch, net }) => ({ launch, net }));
}

export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function newTally(): Tally {
  return {
    total_launch_count: 0,
    successful_launches: 0,
    failed_launches: 0,
    pending_launches: 0,
    consecutive_successful_launches: 0,
  };
}

function countInto(tallies: Map<string, Tally>, key: string, statusId: number): void {
  let tally = tallies.get(key);
  if (!tally) tallies.set(key, (tally = newTally()));
  if (WAITING_STATUS_IDS.has(statusId)) tally.pending_launches++;
  if (!FLOWN_STATUS_IDS.has(statusId)) return;
  tally.total_launch_count++;
  if (statusId === SUCCESS_STATUS_ID) {
    tally.successful_launches++;
    tally.consecutive_successful_launches++;
  } else if (FAILURE_STATUS_IDS.has(statusId)) {
    tally.failed_launches++;
    tally.consecutive_successful_launches = 0;
  }
}

export function isOrbital(launch: LaunchRecord, data: DataSet): boolean {
  const orbitKey = launch.mission?.orbit;
  return !(orbitKey && data.reference.orbits.get(orbitKey)?.suborbital === true);
}

const ref = (map: Map<string, ReferenceRecord>, key: string | null | undefined): ReferenceRecord | undefined =>
  key ? map.get(key) : undefined;

export function computeStats(
  data: DataSet,
  keyed: readonly TimedLaunch[] = launchesByNet(data.launches),
): DataSetStats {
  const { reference } = data;
  const stats: DataSetStats = {
    launch: new Map(),
    pads: new Map(),
    locations: new Map(),
    agencies: new Map(),
    configurations: new Map(),
    families: new Map(),
    celestialBodies: new Map(),
  };
  // Attempt counters by scope: each counts launches overall and per year.
  const newCounter = (): Counter => ({ total: 0, byYear: new Map() });
  const byLocation = new Map<string, Counter>();
  const byPad = new Map<string, Counter>();
  const byAgency = new Map<string, Counter>();
  const orbitalCounter = newCounter();
  const counterOf = (counters: Map<string, Counter>, key: string): Counter => {
    let counter = counters.get(key);
    if (!counter) counters.set(key, (counter = newCounter()));
    return counter;
  };
  const lastNetAtPad = new Map<string, number>();
  const padTimes: PadTimes = { lastFlown: new Map(), fastest: new Map() };

  // Launches sharing a NET get the same counters (LL2 counts `net <= this net`),
  // so each group of equal NETs is counted before any of its members is read.
  for (let start = 0; start < keyed.length; ) {
    const { net } = keyed[start];
    let end = start;
    while (end < keyed.length && keyed[end].net === net) end++;
    const group = keyed.slice(start, end).map((k) => k.launch);
    const year = new Date(net).getUTCFullYear();
    // What each launch counts towards: its location, pad, agency, and all orbital launches (if it is one).
    const scopes = group.map((launch): [Counter, Counter, Counter, Counter | null] => [
      counterOf(byLocation, String(ref(reference.pads, launch.pad)?.location ?? '')),
      counterOf(byPad, launch.pad),
      counterOf(byAgency, launch.launch_service_provider),
      isOrbital(launch, data) ? orbitalCounter : null,
    ]);
    for (const counters of scopes) {
      for (const counter of counters) {
        if (!counter) continue;
        counter.total++;
        counter.byYear.set(year, (counter.byYear.get(year) ?? 0) + 1);
      }
    }
    const inYear = (counter: Counter) => counter.byYear.get(year) ?? 0;
    group.forEach((launch, i) => {
      const [location, pad, agency, orbital] = scopes[i];
      const previousAtPad = lastNetAtPad.get(launch.pad);
      stats.launch.set(launch.id, {
        orbital_launch_attempt_count: orbital ? orbital.total : null,
        location_launch_attempt_count: location.total,
        pad_launch_attempt_count: pad.total,
        agency_launch_attempt_count: agency.total,
        orbital_launch_attempt_count_year: orbital ? inYear(orbital) : null,
        location_launch_attempt_count_year: inYear(location),
        pad_launch_attempt_count_year: inYear(pad),
        agency_launch_attempt_count_year: inYear(agency),
        pad_turnaround: formatDuration(previousAtPad === undefined ? 0 : net - previousAtPad),
      });
    });
    for (const launch of group) {
      lastNetAtPad.set(launch.pad, net);
      tallyLaunch(launch, net, data, stats, padTimes);
    }
    start = end;
  }
  return stats;
}

interface Counter {
  total: number;
  byYear: Map<number, number>;
}

interface PadTimes {
  lastFlown: Map<string, number>;
  fastest: Map<string, number>;
}

function tallyLaunch(launch: LaunchRecord, net: number, data: DataSet, stats: DataSetStats, padTimes: PadTimes): void {
  const { reference } = data;
  const statusId = Number(reference.launchStatuses.get(launch.status)?.id);
  countInto(stats.agencies, launch.launch_service_provider, statusId);
  const configuration = ref(reference.launcherConfigurations, launch.rocket.configuration);
  countInto(stats.configurations, launch.rocket.configuration, statusId);
  for (const family of (configuration?.families as string[] | undefined) ?? [])
    countInto(stats.families, family, statusId);
  if (!FLOWN_STATUS_IDS.has(statusId)) return;

  const pad = stats.pads.get(launch.pad) ?? {
    total_launch_count: 0,
    orbital_launch_attempt_count: 0,
    fastest_turnaround: null,
  };
  pad.total_launch_count++;
  if (isOrbital(launch, data)) pad.orbital_launch_attempt_count++;
  const previous = padTimes.lastFlown.get(launch.pad);
  if (previous !== undefined && net - previous < (padTimes.fastest.get(launch.pad) ?? Infinity)) {
    padTimes.fastest.set(launch.pad, net - previous);
    pad.fastest_turnaround = formatDuration(net - previous);
  }
  padTimes.lastFlown.set(launch.pad, net);
  stats.pads.set(launch.pad, pad);

  const locationKey = String(ref(reference.pads, launch.pad)?.location ?? '');
  const location = stats.locations.get(locationKey) ?? { total_launch_count: 0 };
  location.total_launch_count++;
  stats.locations.set(locationKey, location);

  const bodyKey = String(ref(reference.locations, locationKey)?.celestial_body ?? '');
  const body = stats.celestialBodies.get(bodyKey) ?? {
    total_attempted_launches: 0,
    successful_launches: 0,
    failed_launches: 0,
  };
  body.total_attempted_launches++;
  if (statusId === SUCCESS_STATUS_ID) body.successful_launches++;
  if (FAILURE_STATUS_IDS.has(statusId)) body.failed_launches++;
  stats.celestialBodies.set(bodyKey, body);
}
