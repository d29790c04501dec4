// A realistic synthetic data set for benchmarks: launches and events valid
// against our schemas, spread over the real reference data, dated from 1957
// to several years ahead, with text of realistic length. Deterministic per seed.

import type { EventRecord, LaunchRecord, ReferenceData } from '../model/records.ts';
import { FLOWN_STATUS_IDS, WAITING_STATUS_IDS } from '../model/statuses.ts';
import { formatTimestamp } from '../model/time.ts';

/** A small deterministic PRNG (mulberry32), so a seed always gives the same data set. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'orbit payload satellite mission crew cargo station lunar solar survey communications weather navigation science demonstration test deploy rideshare constellation upper stage booster landing recovery telescope observatory experiment research'.split(
    ' ',
  );

function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(next() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SyntheticOptions {
  launches: number;
  events: number;
  /** Dates run from 1957-10-04 to this time plus about five years. */
  now: number;
  seed?: number;
}

export function syntheticDataSet(
  reference: ReferenceData,
  { launches, events, now, seed = 1 }: SyntheticOptions,
): { launches: LaunchRecord[]; events: EventRecord[] } {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
  const sentence = (words: number) => Array.from({ length: words }, () => pick(WORDS)).join(' ');
  const keysOf = (kind: keyof ReferenceData) => [...reference[kind].keys()];
  const statusKeys = (ids: ReadonlySet<number>) =>
    [...reference.launchStatuses].filter(([, s]) => ids.has(Number(s.id))).map(([k]) => k);
  const flown = statusKeys(FLOWN_STATUS_IDS).filter((k) => Number(reference.launchStatuses.get(k)!.id) !== 6);
  const waiting = statusKeys(WAITING_STATUS_IDS);
  const pads = keysOf('pads');
  const configurations = keysOf('launcherConfigurations');
  const agencies = keysOf('agencies');
  const orbits = keysOf('orbits');
  const missionTypes = keysOf('missionTypes');
  const precisions = keysOf('netPrecisions');
  const eventTypes = keysOf('eventTypes');
  const start = Date.parse('1957-10-04T19:28:34Z');
  const end = now + 5 * 365 * 86_400_000;

  const launchList: LaunchRecord[] = [];
  for (let i = 0; i < launches; i++) {
    // Launches get denser over time, as they did.
    const t = start + Math.floor((Math.sqrt(next()) * (end - start)) / 60_000) * 60_000;
    const net = formatTimestamp(t);
    const past = t <= now;
    const mission = `${pick(WORDS)}-${i}`;
    const configuration = pick(configurations);
    launchList.push({
      id: uuidFrom(next),
      slug: `synthetic-${configuration}-${i}`,
      name: `${String(reference.launcherConfigurations.get(configuration)!.full_name)} | ${mission}`,
      status: past ? pick(flown) : pick(waiting),
      net,
      net_precision: pick(precisions),
      window_start: net,
      window_end: formatTimestamp(t + Math.floor(next() * 4) * 3_600_000),
      failreason: null,
      webcast_live: false,
      launch_service_provider: pick(agencies),
      rocket: { configuration },
      mission: {
        name: mission,
        type: pick(missionTypes),
        orbit: pick(orbits),
        description: sentence(30 + Math.floor(next() * 50)),
        agencies: next() < 0.5 ? [pick(agencies)] : [],
      },
      pad: pick(pads),
      info_urls: [{ url: `https://example.org/launches/${i}`, title: sentence(6) }],
      vid_urls: next() < 0.3 ? [{ url: `https://video.example.org/watch/${i}`, title: sentence(5), live: false }] : [],
      last_updated: formatTimestamp(Math.min(t, now) - (Math.min(t, now) % 1000)),
    });
  }
  const eventList: EventRecord[] = [];
  for (let i = 0; i < events; i++) {
    const t = start + Math.floor((next() * (end - start)) / 60_000) * 60_000;
    eventList.push({
      id: 1_000_000 + i,
      slug: `synthetic-event-${i}`,
      name: `${sentence(3)} ${i}`,
      type: pick(eventTypes),
      date: formatTimestamp(t),
      date_precision: pick(precisions),
      location: 'International Space Station',
      description: sentence(20 + Math.floor(next() * 40)),
      launches: next() < 0.3 && launchList.length ? [pick(launchList).id] : [],
      info_urls: [{ url: `https://example.org/events/${i}` }],
      last_updated: formatTimestamp(Math.min(t, now) - (Math.min(t, now) % 1000)),
    });
  }
  return { launches: launchList, events: eventList };
}
