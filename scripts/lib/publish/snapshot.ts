// The offline snapshot: one archive holding the whole published tree (without
// the .gz/.br twins), a single-file dump of every launch and event in detailed
// mode, a manifest (clock, when the data last heard from LL2, counts, sha256 of
// every file), SHA256SUMS, and the
// kit that serves it on a laptop with nothing but Node. Pure: data, clock, base
// URL and kit files in, bytes out; the same inputs give the same archive.

import { createHash } from 'node:crypto';
import { API_VERSION } from '../api/paths.ts';
import { dataAge } from '../api/metadata.ts';
import { createContext, type BuildContext, type BuildInputs } from '../api/context.ts';
import type { OutputFile } from '../api/files.ts';
import { toSafeJson } from '../base/json.ts';
import type { DataSet, Json, JsonObject } from '../model/records.ts';
import { tarGz } from './tar.ts';
import { formatTimestamp } from '../model/time.ts';

export const SNAPSHOT_NAME = 'launch-schedule-snapshot';
export const ARCHIVE_FILE = `${SNAPSHOT_NAME}.tar.gz`;
export const DUMP_FILE = 'launches-and-events.json';
export const MANIFEST_FILE = 'manifest.json';
export const SUMS_FILE = 'SHA256SUMS';

export interface SnapshotCounts {
  launches: number;
  events: number;
  upcoming_launches: number;
  previous_launches: number;
  upcoming_events: number;
  previous_events: number;
  files: number;
}

export interface SnapshotManifest {
  name: string;
  api_version: string;
  /** When the snapshot was generated: the build clock, so that the output stays deterministic. */
  generated_at: string;
  /** The clock the build decided upcoming/previous with. */
  build_clock: string;
  /** The base URL every link in the files starts with (serve.mjs rewrites it to the local address). */
  base_url: string;
  /** When the data last heard from LL2 (status.json's `data_age.last_heard_from_ll2`): the data's age, which serve.mjs states; null when no record says. */
  data_last_heard_from_ll2: string | null;
  counts: SnapshotCounts;
  /** Every file of the snapshot except this manifest and SHA256SUMS, by path inside the snapshot folder. */
  files: Record<string, { bytes: number; sha256: string }>;
}

const sha256 = (content: string | Buffer): string => createHash('sha256').update(content).digest('hex');
const byteLength = (content: string | Buffer): number =>
  typeof content === 'string' ? Buffer.byteLength(content) : content.length;

/** Every launch and every event in LL2 detailed mode, launches by NET and events by date, as in `launches/` and `events/`. */
export function snapshotDump(context: BuildContext): JsonObject {
  const { collections, shape, data, now, baseUrl } = context;
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  return {
    api_version: API_VERSION,
    build_clock: formatTimestamp(now),
    base_url: baseUrl,
    launch_count: collections.launches.length,
    event_count: collections.events.length,
    launches: collections.launches.map((launch) => shape.launchDetailed(launch) as Json),
    events: collections.events.map((event) => shape.eventDetailed(event, launchesById) as Json),
  };
}

export function snapshotManifest(files: readonly OutputFile[], context: BuildContext): SnapshotManifest {
  const { collections, now, baseUrl, data } = context;
  const clock = formatTimestamp(now);
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    name: SNAPSHOT_NAME,
    api_version: API_VERSION,
    generated_at: clock,
    build_clock: clock,
    base_url: baseUrl,
    data_last_heard_from_ll2: dataAge(data, now).last_heard_from_ll2,
    counts: {
      launches: collections.launches.length,
      events: collections.events.length,
      upcoming_launches: collections.upcomingLaunches.length,
      previous_launches: collections.previousLaunches.length,
      upcoming_events: collections.upcomingEvents.length,
      previous_events: collections.previousEvents.length,
      files: sorted.length,
    },
    files: Object.fromEntries(sorted.map((f) => [f.path, { bytes: byteLength(f.content), sha256: sha256(f.content) }])),
  };
}

/** `sha256sum -c` input for the files, two spaces between hash and path. */
export const sha256sums = (files: readonly OutputFile[]): string =>
  [...files]
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .map((f) => `${sha256(f.content)}  ${f.path}\n`)
    .join('');

export interface Snapshot {
  /** The files inside the snapshot folder. */
  files: OutputFile[];
  manifest: SnapshotManifest;
  /** The manifest as written to manifest.json. */
  manifestText: string;
  /** `.tar.gz` of the files under a top folder named SNAPSHOT_NAME. */
  archive: Buffer;
}

/**
 * Builds the snapshot of a data set at a clock and base URL: the published tree
 * (`site`, without twins), the dump, and the kit files (serve.mjs, README.txt) at its top.
 */
export async function createSnapshot(
  data: DataSet,
  inputs: BuildInputs,
  site: readonly OutputFile[],
  kit: readonly OutputFile[],
): Promise<Snapshot> {
  const context = createContext(data, inputs);
  const content = [...site, { path: DUMP_FILE, content: toSafeJson(snapshotDump(context)) }, ...kit];
  const manifest = snapshotManifest(content, context);
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const withManifest = [...content, { path: MANIFEST_FILE, content: manifestText }];
  const files = [...withManifest, { path: SUMS_FILE, content: sha256sums(withManifest) }].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  const archive = await tarGz(
    files.map((f) => ({ path: `${SNAPSHOT_NAME}/${f.path}`, content: f.content })),
    Math.floor(inputs.now / 1000),
  );
  return { files, manifest, manifestText, archive };
}

/** What the snapshot command publishes beside the archive: the manifest (freshness without downloading) and the archive's checksum. */
export function snapshotOutputs(snapshot: Snapshot): OutputFile[] {
  return [
    { path: ARCHIVE_FILE, content: snapshot.archive },
    { path: `${ARCHIVE_FILE}.sha256`, content: `${sha256(snapshot.archive)}  ${ARCHIVE_FILE}\n` },
    { path: MANIFEST_FILE, content: snapshot.manifestText },
  ];
}
