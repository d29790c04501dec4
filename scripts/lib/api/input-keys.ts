// Cheap keys that change whenever an output file's inputs may have changed, so a
// rebuild can skip shaping and serializing what it published last time. They are
// deliberately coarse: all reference data and the base URL are one "epoch", and the
// data-set-wide tallies are added to it by kind: those of pads, locations and
// celestial bodies, which launches show in every mode, and those of agencies,
// rocket configurations and families, which only detailed launches show (a new
// upcoming launch changes its provider's pending count, so only details are
// checked again, not every page). On top of its epoch a launch's key covers its
// record and its own counters, an event's its record and the records of the
// launches it links to. A reference resource's key (agencies/{id}/, pads/, …)
// covers the epoch and the tallies its shape shows, record by record: a launch
// that changes its provider's counts sends that agency's detail through a render,
// not every agency's; a landing's, spacecraft's or astronaut's also covers the
// launches it shows (their normal-mode keys); a space station's also the expeditions
// under way at the build's clock (`now`), which its `active_expeditions` lists; a declared
// resource's what its declaration `shows` (schemas/resources/). Equal keys (with the same tool version, which the publish
// manifest checks) mean identical bytes; test/input-keys.test.ts holds the shapes to that.

import type { ReferenceKind } from '../../schemas/data-files.ts';
import { sha1 } from '../base/digest.ts';
import { eachReference } from '../data/rules/references.ts';
import { activeExpeditions, referrers } from '../model/collections.ts';
import { LAUNCH_REFERENCES, REFERENCE_REFERENCES } from '../model/references.ts';
import type { DataSet, EventRecord, LaunchRecord } from '../model/records.ts';
import { statsByKind, type DataSetStats } from '../model/stats.ts';
import { modesOf, type TalliedKind } from '../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES } from '../../schemas/resources/index.ts';

export interface InputKeys {
  /** A launch in normal mode (collection pages). */
  launch(launch: LaunchRecord): string;
  /** A launch in detailed mode (its own resource). */
  launchDetail(launch: LaunchRecord): string;
  event(event: EventRecord): string;
  /**
   * The record and the reference data alone, without counters, tallies or linked
   * launches: for outputs made of nothing else (calendar entries, calendars.ts). A
   * launch that moves changes the counters of launches after it, whose entries stay
   * the same; with the full key their feeds were written again.
   */
  launchRecord(launch: LaunchRecord): string;
  eventRecord(event: EventRecord): string;
  /** A reference record (by key) in the mode of its list endpoint, or as its own resource. */
  reference(kind: ReferenceKind, mode: 'normal' | 'detailed'): (key: string) => string;
}

/** The derived tallies of one record, as [the kind it belongs to, its key]. */
type TallyOf = [kind: TalliedKind, key: string];

/**
 * The tallies a reference resource shows, following what its shape nests
 * (shapes/*.ts): a detailed rocket shows its families' and manufacturer's tallies,
 * a pad its location's and that location's celestial body's.
 */
function talliesShown(data: DataSet) {
  const { reference } = data;
  const keysOf = (kind: ReferenceKind, key: string, field: string): string[] => {
    const value = reference[kind].get(key)?.[field];
    return Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
  };
  const index = new Map<string, Map<string, string[]>>();
  const referring = (kind: ReferenceKind, field: string, key: string): string[] => {
    const name = `${kind}.${field}`;
    if (!index.has(name)) index.set(name, referrers(reference, kind, field));
    return index.get(name)!.get(key) ?? [];
  };
  const agency = (key: string): TallyOf[] => [['agencies', key]];
  const family = (key: string): TallyOf[] => [
    ['launcherFamilies', key],
    ...keysOf('launcherFamilies', key, 'manufacturer').flatMap(agency),
  ];
  const rocket = (key: string, withManufacturer: boolean): TallyOf[] => [
    ['launcherConfigurations', key],
    ...keysOf('launcherConfigurations', key, 'families').flatMap(family),
    ...(withManufacturer ? keysOf('launcherConfigurations', key, 'manufacturer').flatMap(agency) : []),
  ];
  const location = (key: string): TallyOf[] => [
    ['locations', key],
    ...keysOf('locations', key, 'celestial_body').map((b): TallyOf => ['celestialBodies', b]),
  ];
  const pad = (key: string): TallyOf[] => [['pads', key], ...keysOf('pads', key, 'location').flatMap(location)];
  // A landing location nests our location of the LL2 id it names (shapes/config-lists.ts), with that location's tallies.
  const locationById = new Map([...reference.locations].map(([key, l]) => [l.id, key]));
  const landingLocation = (key: string): TallyOf[] => {
    const named = reference.landingLocations.get(key)?.location;
    const id = (named as { id?: number } | null | undefined)?.id;
    const location =
      typeof named === 'string'
        ? reference.locations.has(named)
          ? named
          : undefined
        : id === undefined
          ? undefined
          : locationById.get(id);
    return location === undefined ? [] : [['locations', location]];
  };
  const shown: Partial<
    Record<ReferenceKind, { normal: (key: string) => TallyOf[]; detailed: (key: string) => TallyOf[] }>
  > = {
    landingLocations: { normal: landingLocation, detailed: landingLocation },
  };
  // A record a declared resource's object nests shows the tallies that record's own shape shows.
  const nests: Record<TalliedKind, (key: string) => TallyOf[]> = {
    agencies: agency,
    launcherConfigurations: (key) => rocket(key, true),
    launcherFamilies: family,
    pads: pad,
    locations: location,
    celestialBodies: (key) => [['celestialBodies', key]],
  };
  // A record listed by the one it names shows the tallies it shows but that one's (a rocket as its manufacturer lists it).
  const listedBy: Partial<Record<TalliedKind, (key: string) => TallyOf[]>> = {
    launcherConfigurations: (key) => rocket(key, false),
  };
  // Its own figures (its kind a tallied one, as its declaration says) and those of the records naming it that it lists.
  for (const d of DECLARED_RESOURCES) {
    const shows = d.shows;
    if (!shows?.tallies && !shows?.figures && !shows?.referrerFigures && !shows?.referrerTallies) continue;
    const inMode = (mode: 'normal' | 'detailed') => (key: string) => {
      const found: TallyOf[] = shows.figures === true || shows.figures === mode ? [[d.kind as TalliedKind, key]] : [];
      const record = reference[d.kind].get(key);
      for (const [pattern, kind] of shows.tallies?.[mode] ?? [])
        if (record) eachReference(record, pattern, (_, named) => found.push(...nests[kind](named)));
      for (const [kind, field] of shows.referrerFigures?.[mode] ?? [])
        found.push(...referring(kind, field, key).map((named): TallyOf => [kind, named]));
      for (const [kind, field] of shows.referrerTallies?.[mode] ?? [])
        found.push(...referring(kind, field, key).flatMap(listedBy[kind] ?? nests[kind]));
      return found;
    };
    // One without a detailed mode has its normal object for its detail.
    shown[d.kind] = {
      normal: inMode('normal'),
      detailed: inMode(modesOf(d).includes('detailed') ? 'detailed' : 'normal'),
    };
  }
  return (kind: ReferenceKind, mode: 'normal' | 'detailed', key: string): TallyOf[] => shown[kind]?.[mode](key) ?? [];
}

/**
 * Reference kinds whose objects show the launches that refer to them (a landing its stage's launch, a spacecraft and
 * an astronaut their flights, a mission patch its launches), or whose query cells read them (an update's launch,
 * provider and programs: the query index's parts are keyed by these keys too).
 */
const SHOWS_LAUNCHES: ReadonlySet<ReferenceKind> = new Set(
  // The declared resources whose declaration says so (schemas/resources/).
  DECLARED_RESOURCES.filter((d) => d.shows?.launches).map((d) => d.kind),
);

/**
 * The launches a reference record of those kinds shows, by kind and key: each
 * launch that refers to it, and the earlier launches that launch's first stages
 * name as their previous flights (a landing's stage shows it).
 */
function launchesShown(data: DataSet): Map<ReferenceKind, Map<string, LaunchRecord[]>> {
  const byId = new Map(data.launches.map((l) => [l.id, l]));
  const shown = new Map<ReferenceKind, Map<string, LaunchRecord[]>>();
  for (const launch of data.launches) {
    const previous = (launch.rocket.launcher_stage ?? [])
      .map((s) => s.previous_flight as { id?: string } | null | undefined)
      .map((p) => (typeof p?.id === 'string' ? byId.get(p.id) : undefined))
      .filter((l): l is LaunchRecord => l !== undefined);
    const shows = (kind: ReferenceKind, key: string): void => {
      if (!SHOWS_LAUNCHES.has(kind)) return;
      let keys = shown.get(kind);
      if (!keys) shown.set(kind, (keys = new Map()));
      keys.set(key, [...(keys.get(key) ?? []), launch, ...previous]);
      // And what that record names in turn: a spacecraft flight's spacecraft and landing show the launch too.
      const record = data.reference[kind].get(key);
      for (const [pattern, target] of REFERENCE_REFERENCES[kind as keyof typeof REFERENCE_REFERENCES] ?? [])
        if (record) eachReference(record, pattern, (_, k) => shows(target, k));
    };
    for (const [pattern, kind] of LAUNCH_REFERENCES) eachReference(launch, pattern, (_, key) => shows(kind, key));
  }
  // A declared resource whose objects nest records that show launches (`shows.launchesOf`) shows those launches:
  // a docking event its chaser flight's.
  for (const d of DECLARED_RESOURCES) {
    const through = d.shows?.launchesOf;
    if (!through) continue;
    const keys = shown.get(d.kind) ?? new Map<string, LaunchRecord[]>();
    for (const [key, record] of data.reference[d.kind]) {
      const launches = [...(keys.get(key) ?? [])];
      for (const [pattern, kind] of through)
        eachReference(record, pattern, (_, named) =>
          launches.push(...(shown.get(kind as ReferenceKind)?.get(named) ?? [])),
        );
      if (launches.length > 0) keys.set(key, launches);
    }
    shown.set(d.kind, keys);
  }
  return shown;
}

export function inputKeys(
  data: DataSet,
  stats: DataSetStats,
  baseUrl: string,
  apiVersion: string,
  now?: number,
): InputKeys {
  const epoch = sha1(
    JSON.stringify({
      apiVersion,
      baseUrl,
      reference: Object.entries(data.reference).map(([kind, records]) => [kind, [...records]]),
    }),
  );
  const withTallies = (base: string, tallies: Array<Map<string, unknown>>): string =>
    sha1(`${base}\n${JSON.stringify(tallies.map((m) => [...m]))}`);
  const normalEpoch = withTallies(epoch, [stats.pads, stats.locations, stats.celestialBodies]);
  const detailEpoch = withTallies(normalEpoch, [stats.agencies, stats.configurations, stats.families]);
  // The file's hash stands for the record where known; serializing 10,000 records costs more.
  const content = (record: object): string => data.digests?.get(record) ?? JSON.stringify(record);
  // Each record's key is made once: pages, details and feeds ask for the same records.
  const memo = <T extends object>(make: (record: T) => string) => {
    const keys = new Map<T, string>();
    return (record: T): string => {
      let key = keys.get(record);
      if (key === undefined) keys.set(record, (key = make(record)));
      return key;
    };
  };
  // The counters' values in their fixed order (stats.ts) stand for the counters.
  const counters = (record: LaunchRecord): string => Object.values(stats.launch.get(record.id) ?? {}).join(',');
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  const recordOnly = memo<LaunchRecord | EventRecord>((record) => sha1(`${epoch}\n${content(record)}`));
  const launch = memo<LaunchRecord>((record) => sha1(`${normalEpoch}\n${content(record)}\n${counters(record)}`));
  const tallies: Record<TallyOf[0], ReadonlyMap<string, unknown>> = statsByKind(stats);
  const shown = talliesShown(data);
  // Made on first use: most builds ask for no key of these kinds twice.
  let launchesIndex: Map<ReferenceKind, Map<string, LaunchRecord[]>> | undefined;
  const launchesOf = () => (launchesIndex ??= launchesShown(data));
  // The clock shows in a station only through the expeditions under way (shape.ts): those, not the clock, go in its key.
  let underWay: Map<string, string[]> | undefined;
  const expeditionsOf = (kind: ReferenceKind, key: string): string =>
    kind === 'spaceStations' && now !== undefined
      ? ((underWay ??= activeExpeditions(data.reference.expeditions, now)).get(key)?.join(',') ?? '')
      : '';
  return {
    launch,
    // What the normal key covers, plus the tallies only detailed launches show.
    launchDetail: memo<LaunchRecord>((record) => sha1(`${detailEpoch}\n${launch(record)}`)),
    launchRecord: recordOnly,
    eventRecord: recordOnly,
    // An event shows its launches in basic mode (shape.ts), without counters: their records stand for them.
    event: (record) =>
      sha1(
        `${detailEpoch}\n${content(record)}\n${(record.launches ?? [])
          .map((id) => {
            const l = launchesById.get(id);
            return l ? recordOnly(l) : id;
          })
          .join(',')}`,
      ),
    reference: (kind, mode) => (key) =>
      sha1(
        `${epoch}\n${kind}\n${mode}\n${key}\n${JSON.stringify(shown(kind, mode, key).map(([k, id]) => [k, id, tallies[k].get(id) ?? null]))}\n${(
          launchesOf().get(kind)?.get(key) ?? []
        )
          .map(launch)
          .join(',')}\n${expeditionsOf(kind, key)}`,
      ),
  };
}
