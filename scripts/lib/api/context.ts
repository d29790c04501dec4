// The build context: everything an output generator may read, computed once per
// build from a checked data set, the clock and the base URL. Generators are
// functions of it (api/resources.ts, api/metadata.ts, outputs/*); the planner
// (publish/plan.ts) receives the list of them and runs each over one context.

import { CONFIG_LIST_KINDS } from '../../schemas/config-lists.ts';
import { REFERENCE_KINDS, type ReferenceKind } from '../../schemas/data-files.ts';
import { withConfigLists } from '../model/config-lists.ts';
import { dataAtClock, type WorldAtClock, worldAtClock } from '../model/in-space.ts';
import { withLl2Defaults } from '../model/ll2-defaults.ts';
import type { DataSet, EventRecord, LaunchRecord } from '../model/records.ts';
import { allEvents, launchLists, previousEvents, referenceList, upcomingEvents } from '../model/collections.ts';
import { computeStats, launchesByNet, precisionRanks, type DataSetStats, type TimedLaunch } from '../model/stats.ts';
import { FragmentJson } from './fragments.ts';
import type { OutputFile, PlannedFile } from './files.ts';
import { inputKeys, type InputKeys } from './input-keys.ts';
import { API_VERSION } from './paths.ts';
import { createShaper, type Shaper } from './shape.ts';

export interface BuildInputs {
  /** The clock: which launches are upcoming is decided against it. */
  now: number;
  /** Absolute URL of the API root, ending in `/2.3.0/`. */
  baseUrl: string;
  /**
   * How detail routes under a collection (`launches/upcoming/{id}/`) are served: by
   * the host adapters' rewrites (the default), or by a copy of each member's detail
   * file, for hosts that cannot rewrite by membership (docs/hosting.md).
   */
  collectionDetails?: CollectionDetails;
  /** Where the data's repository is (for "correct a record here" links); unknown when absent. */
  repositoryUrl?: string | null;
}

export type CollectionDetails = 'rewrites' | 'files';

/** Everything a generator may need, computed once per build. */
export interface BuildContext extends BuildInputs {
  data: DataSet;
  /** Who and what is in space at the clock, from the data as stated (model/in-space.ts): what `data` applies, with its facts. */
  world: WorldAtClock;
  /** Serializes LL2 objects, writing each shared nested object once (fragments.ts). */
  json: FragmentJson;
  stats: DataSetStats;
  /** Keys of each record's inputs: equal keys, equal shaped objects (input-keys.ts). */
  keys: InputKeys;
  shape: Shaper;
  /** Every list route's items in their default order; reference records by key. */
  collections: {
    launches: LaunchRecord[];
    upcomingLaunches: LaunchRecord[];
    previousLaunches: LaunchRecord[];
    events: EventRecord[];
    upcomingEvents: EventRecord[];
    previousEvents: EventRecord[];
  } & Record<ReferenceKind, string[]>;
}

/** One kind of output: files from the build context. */
export type Generator = (context: BuildContext) => Array<OutputFile | PlannedFile>;

export function createContext(checked: DataSet, inputs: BuildInputs): BuildContext {
  // The config lists (config/astronaut_roles/, …) are the nested objects the records state.
  // LL2's defaults where no source states a value come first, so that the lists name them (model/ll2-defaults.ts).
  // Who and what is in space, and who is aboard the stations, as the build clock sees them (model/in-space.ts).
  const stated = withConfigLists(withLl2Defaults(checked));
  const world = worldAtClock(stated, inputs.now);
  const data = dataAtClock(stated, inputs.now, world);
  const byNet = launchesByNet(data.launches, precisionRanks(data.reference));
  const stats = computeStats(data, byNet);
  const json = new FragmentJson();
  const shape = createShaper(data, stats, inputs.baseUrl, (value) => json.share(value), inputs.now);
  // Launches in normal mode are not shared (fragments.ts) though each is in two or three collections:
  // pages are written far apart, so sharing meant holding every launch's text to the end, over a
  // gigabyte at 100,000 launches, to save a few per cent of a cold build. Pads, rockets, agencies are.
  return {
    ...inputs,
    data,
    world,
    json,
    stats,
    shape,
    keys: inputKeys(data, stats, inputs.baseUrl, API_VERSION, inputs.now),
    collections: collectionsOf(data, byNet, inputs.now),
  };
}

function collectionsOf(data: DataSet, byNet: readonly TimedLaunch[], now: number): BuildContext['collections'] {
  const launches = launchLists(byNet, now);
  // The split event lists are taken from the sorted one: sorting input already in order costs next to nothing.
  const events = allEvents(data.events);
  const reference = Object.fromEntries(
    [...Object.keys(REFERENCE_KINDS), ...CONFIG_LIST_KINDS].map((kind) => [
      kind,
      referenceList(data.reference, kind as ReferenceKind),
    ]),
  );
  return {
    launches: launches.all,
    upcomingLaunches: launches.upcoming,
    previousLaunches: launches.previous,
    events,
    upcomingEvents: upcomingEvents(events, now),
    previousEvents: previousEvents(events, now),
    ...(reference as Record<ReferenceKind, string[]>),
  };
}
