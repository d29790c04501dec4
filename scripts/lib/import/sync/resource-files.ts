// The resource in rotation's answer filed into our reference files. In: the pages
// the run read (read-pages.ts), the data as loaded, the files the importer wrote,
// and the clock; out: the reference files the answer changes (astronauts.yaml,
// expeditions.yaml, the Starship dashboard), the records or lists it changed,
// what of it was not filed, or why it was refused. These answers are not the
// importer's input (run.ts files launches and events): each has its own
// conversion (astronaut-list.ts, expeditions.ts, starship-dashboard.ts), and a file
// it changes keeps its comments and its untouched records as they are.

import { parse as parseYaml } from 'yaml';
import type { Json, JsonObject } from '../../model/records.ts';
import { formatTimestamp } from '../../model/time.ts';
import { fileAstronautList } from '../astronaut-list.ts';
import { fileExpeditionList } from '../expeditions.ts';
import { isObject } from '../schema-walk.ts';
import { fileStarshipDashboard, STARSHIP_DASHBOARD_PATH, starshipDashboardYaml } from '../starship-dashboard.ts';
import type { ExistingData, ImportFile } from '../state.ts';
import {
  canonicalReference,
  referenceFilePath,
  referenceFileSchema,
  referenceFileYaml,
  updateYaml,
} from '../yaml-out.ts';
import type { FetchedPage } from './plan.ts';
import type { PagesRead, SyncRun } from './read-pages.ts';

/** Which page (index in the run's requests, -1: none) holds each resource filed by its own conversion. */
export interface ResourcePages {
  /** Those in space, or a page of every astronaut. */
  astronauts: number;
  expeditions: number;
  dashboard: number;
}

export function resourcePages(fetched: readonly FetchedPage[]): ResourcePages {
  return {
    astronauts: fetched.findIndex(
      (f) => f.request.resource === 'astronauts_in_space' || f.request.resource === 'all_astronauts',
    ),
    expeditions: fetched.findIndex((f) => f.request.resource === 'active_expeditions'),
    dashboard: fetched.findIndex((f) => f.request.resource === 'starship_dashboard'),
  };
}

export interface ResourceFiling {
  /** The reference files to write, in order. */
  files: ImportFile[];
  /** The resource's own file among them, if it changed: what it changed counts only if the file is written. */
  file?: ImportFile;
  /** The records (keys) or the dashboard's lists (`road_closures (2)`) it changed. */
  changed: string[];
  /** What of the answer was not filed, and why (expeditions, the dashboard). */
  leftOut: string[];
  /** Why the answer was refused (not LL2's dashboard): nothing of it is written. */
  refused?: string;
}

export const NOTHING_FILED: ResourceFiling = { files: [], changed: [], leftOut: [] };

/** The LL2 version a request's URL names (`…/2.3.0/…`). */
const versionOf = (url: string): string | undefined => /\/(\d+\.\d+\.\d+)\//.exec(url)?.[1];

/** A reference file (astronauts.yaml, expeditions.yaml) with `records` as its records: the file's comments and untouched records kept as they are. */
function referenceYaml(
  existing: ExistingData,
  kind: 'astronauts' | 'expeditions',
  records: ReadonlyMap<string, JsonObject>,
): ImportFile {
  const canonicalAll = (all: ReadonlyMap<string, JsonObject>) =>
    Object.fromEntries([...all].map(([k, r]) => [k, canonicalReference(kind, r)]));
  const doc = existing.referenceDocs?.[kind];
  return {
    path: existing.referencePaths[kind] ?? referenceFilePath(kind),
    content: doc
      ? updateYaml(doc, canonicalAll(existing.reference[kind]), canonicalAll(records), referenceFileSchema(kind))
      : referenceFileYaml(kind, new Map(Object.entries(canonicalAll(records)))),
  };
}

/** The resource read this run (at `at`), filed over the files the importer wrote (`imported`: a crew may have added astronauts); nothing when none of these was read. */
export function fileResource(
  run: SyncRun,
  read: PagesRead,
  at: ResourcePages,
  imported: readonly ImportFile[],
): ResourceFiling {
  const { existing, now } = run;
  if (at.astronauts >= 0) {
    const fetched = read.fetched[at.astronauts];
    const everyAstronaut = fetched.request.resource === 'all_astronauts';
    const filed = fileAstronautList(read.pages[at.astronauts].results, existing.reference, {
      // A page of every astronaut says nothing of who is not in space: only the whole in-space list (one page) does.
      complete: !everyAstronaut && !fetched.more,
      fetchedAt: formatTimestamp(now),
      version: versionOf(fetched.request.url),
      page: everyAstronaut,
    });
    const file = filed.changed.length > 0 ? referenceYaml(existing, 'astronauts', filed.astronauts) : undefined;
    return { files: file ? [file] : [], file, changed: filed.changed, leftOut: [] };
  }
  if (at.expeditions >= 0) {
    // The expeditions under way (and those we hold), over the astronauts as the importer left them, their crews'
    // astronauts through the astronauts' conversion.
    const importerAstronauts = imported.find(
      (f) => f.path === (existing.referencePaths.astronauts ?? referenceFilePath('astronauts')),
    );
    const astronauts = importerAstronauts
      ? new Map(Object.entries((parseYaml(importerAstronauts.content) ?? {}) as Record<string, JsonObject>))
      : existing.reference.astronauts;
    const filed = fileExpeditionList(
      read.pages[at.expeditions].results,
      { ...existing.reference, astronauts },
      { now, version: versionOf(read.fetched[at.expeditions].request.url) },
    );
    const file = filed.changed.length > 0 ? referenceYaml(existing, 'expeditions', filed.expeditions) : undefined;
    const astronautsFile =
      file && filed.astronautsChanged.length > 0 ? referenceYaml(existing, 'astronauts', filed.astronauts) : undefined;
    return {
      files: [astronautsFile, file].filter((f): f is ImportFile => f !== undefined),
      file,
      changed: filed.changed,
      leftOut: filed.leftOut,
    };
  }
  if (at.dashboard >= 0) {
    // Its lists replace the file's; its launches and events are the feeds'. Refused (named, nothing written) when
    // the answer is not LL2's dashboard.
    const held = run.loaded.files.find((f) => f.path === STARSHIP_DASHBOARD_PATH && f.kind === 'reference');
    const filed = fileStarshipDashboard(read.pages[at.dashboard].results[0], {
      spacecraft: existing.reference.spacecraft,
      held: held && isObject(held.value as Json) ? (held.value as JsonObject) : undefined,
      url: read.fetched[at.dashboard].request.url,
      now,
    });
    if ('refused' in filed) return { ...NOTHING_FILED, refused: filed.refused };
    const file =
      filed.changed.length > 0
        ? { path: STARSHIP_DASHBOARD_PATH, content: starshipDashboardYaml(filed.dashboard, held?.text) }
        : undefined;
    return { files: file ? [file] : [], file, changed: filed.changed, leftOut: filed.leftOut };
  }
  return NOTHING_FILED;
}
