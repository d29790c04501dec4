// The types of the schedule's compact records (schedule-data.ts writes them,
// browser/core.js reads them, assets.ts types the core with them) and of what a
// page says of a launch the data stopped before (heard.ts). Types only, so that
// the modules that run the core and those that make its records need not import
// each other. In: nothing. Out: types.

/** What a page says of a launch whose NET passed after the data's last word: when the data stopped, and when its own record last heard. */
export interface Stopped {
  on: string;
  heard: string | null;
}

export interface CompactLaunch {
  id: string;
  name: string;
  net: string;
  /** LL2 NET precision id; null where the record states none. */
  precision: number | null;
  /** LL2 ids, keys of the lookups. */
  status: number;
  provider: number;
  pad: number;
  /** The rocket configuration's full name. */
  rocket: string;
  mission: { name: string; type: string; orbit: string } | null;
  /** The first video link of the launch (else of its mission), as LL2 orders them. */
  webcast: string | null;
  /** Only where the record gives one. */
  failreason?: string;
  /** The launch's own page, relative to the site root, where the build wrote one (launch-pages.ts). */
  page?: string;
  /** Only where its history saw the NET move in the MOVED_WITHIN_MS before the build clock: the move's size, count and last sighting. */
  moved?: { seconds: number; moves: number; seen: string };
  /** Only where its NET passed after the data last heard from LL2 (heard.ts): when that was, and when its own record last heard. */
  stopped?: Stopped;
}

export interface CompactEvent {
  id: number;
  name: string;
  date: string | null;
  precision: number | null;
  type: string;
  location: string | null;
  webcast: string | null;
  /** The first information link. */
  info: string | null;
}

export interface Lookups {
  statuses: Record<string, { name: string; abbrev: string }>;
  agencies: Record<string, { name: string; abbrev: string }>;
  pads: Record<string, { name: string; location: number }>;
  /** `zone`: the IANA time zone of the site, which names the day of a morning or afternoon NET. */
  locations: Record<string, { name: string; zone: string | null }>;
}
