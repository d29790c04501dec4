// One sync with LL2: read the data folder and its state, fetch what the plan asks
// for (plan.ts, at most REQUEST_BUDGET requests, read-pages.ts), import it with
// the importer (run.ts), delete the launches LL2 no longer has (deletions.ts),
// file the resource in rotation (resource-files.ts), name every launch (and
// event) version the importer refused (refused.ts: kept in the state and looked
// up again), check the folder as it would be (verify.ts), and only then write
// everything at once with the new state (write.ts). Every failure before the
// write leaves the folder untouched; `fetch` and the clock come in, a SyncResult
// goes out (summary.ts puts it in words).

import type { Json, JsonObject } from '../../model/records.ts';
import { formatTimestamp, toMillis } from '../../model/time.ts';
import { loadDataDir } from '../../data/load.ts';
import { hashBytes, type RecordCache } from '../../data/record-cache.ts';
import { DataError, type Problem } from '../../data/problems.ts';
import { restoreInterruptedSwap, withBuildLock } from '../../publish/writer.ts';
import { heldHistories } from '../history-files.ts';
import { syncHistoryFiles } from '../history-append.ts';
import { existingData } from '../io.ts';
import { parseLl2 } from '../parse.ts';
import type { ImportReport } from '../report.ts';
import { runImport } from '../run.ts';
import type { ImportFile, ImportInput } from '../state.ts';
import { verifyImport } from '../verify.ts';
import { decideDeletions } from './deletions.ts';
import { SyncStopped, type FetchLike } from './http.ts';
import {
  cursorAfter,
  EVENTS_FEED_START,
  extraRequestsAllowed,
  ledgerAfter,
  REQUEST_BUDGET,
  requestsInLastHour,
  type Ll2Request,
  type PlanOptions,
  type SyncCursor,
} from './plan.ts';
import { readPages, type SyncRun } from './read-pages.ts';
import { refusedAfterRun } from './refused.ts';
import { DEFAULT_MAX_DELETIONS, keptRemovals, type MissingLaunch, type RemovedLaunch } from './removal.ts';
import { fileResource, NOTHING_FILED, resourcePages } from './resource-files.ts';
import { dueResource, nextOffset, resourceUrl, type Resource, type ResourceName } from './resources.ts';
import { readSyncState, syncStateFile, type RefusedEvent, type RefusedLaunch } from './state.ts';
import { replaceDataFiles } from './write.ts';

export interface SyncOptions {
  dataDir: string;
  now: number;
  /** LL2's base URL, ending in `/` (e.g. https://ll.thespacedevs.com/2.3.0/). */
  baseUrl: string;
  apiKey?: string;
  fetch: FetchLike;
  timeoutMs: number;
  userAgent: string;
  /** Where the feed starts instead of the state's time (a UTC timestamp): the first run, or to fetch changes again. */
  since?: string;
  dryRun?: boolean;
  /** Page size (LL2's largest, 100, unless a test wants small pages). */
  limit?: number;
  /** The resources in rotation (resources.ts RESOURCES, unless a test wants none or others). */
  resources?: readonly Resource[];
  /**
   * Data files known to have passed their own checks (the build's record cache):
   * unchanged files are then not parsed again, and clean ones are remembered. The
   * replay passes one kept in memory across its runs; the caller saves it, if at all.
   */
  cache?: RecordCache;
  /** How many launch files one run may delete (removal.ts DEFAULT_MAX_DELETIONS); more stops the run (TooManyDeletions), writing nothing. */
  maxDeletions?: number;
}

export interface SyncRequest {
  request: Ll2Request;
  /** Results received, and how many LL2 has in all for this request. */
  received: number;
  count: number;
  /** A launch's detail page that answered 404 (LL2 no longer has it). */
  notFound?: boolean;
}

export interface SyncResult {
  requests: SyncRequest[];
  report: ImportReport;
  /** Files written (or, in a dry run, that would be), state file included. */
  files: ImportFile[];
  before: SyncCursor | undefined;
  after: SyncCursor;
  /** Changed launches LL2 still holds after the last page this run read (the next run reads them). */
  behind: number;
  written: boolean;
  /** Errors the data folder had before the sync (they do not block it, as with import:ll2). */
  existingErrors: Problem[];
  /** Launch versions LL2 sent that are not in the data afterwards, with the importer's reason: this run's and earlier ones still not taken. */
  refused: RefusedLaunch[];
  /** The same for events (kept in the state, looked up by id when a run has a request to spare). */
  refusedEvents: RefusedEvent[];
  /** The events' feed before (undefined: not started) and after this run, and how many changed events still wait. */
  eventsBefore: SyncCursor | undefined;
  eventsAfter: SyncCursor;
  eventsBehind: number;
  /** Launches looked up by id, and of those the ones LL2 no longer has: their files are deleted (paths). */
  lookedUp: string[];
  removed: string[];
  /** The same deletions with when, which and why (kept in the state's `removed:` too). */
  removals: RemovedLaunch[];
  /** Launches missing from a whole look-up, not (yet) deleted: since when (the state's `missing:`). */
  missing: MissingLaunch[];
  /** Why this run deleted nothing it might have (an upcoming page cut short, a look-up answer not whole). */
  deletionsHeld: string[];
  /** Launches LL2 no longer has that an event of ours still links: kept, for a person to decide. */
  keptLinked: string[];
  /** When this run went through (state's last_success_at). */
  lastSuccessAt: string;
  /** Launches received at exactly the version we hold: not imported again. */
  alreadyHeld: number;
  /** Requests this run made beyond the budget (detail pages only, plan.ts), and the sync's own requests in the 60 minutes up to the end of this run (the state's ledger, this run included). */
  beyondBudget: number;
  lastHourRequests: number;
  /** Why the detail pages beyond the budget stopped before their end (a temporary failure: the run goes on without them), if they did. */
  confirmationsStopped?: string;
  /**
   * The resource in rotation read this run (resources.ts), and for astronauts and
   * expeditions the records it changed (keys), for the Starship dashboard the lists it
   * replaced (`road_closures (2)`), for expeditions and the dashboard what of the answer
   * was not filed and why (`leftOut`); for a paged one (every astronaut) the offset read and
   * where the next turn starts; `refused`: why its answer was not taken (LL2 refused
   * the request, or the page would bring errors to the data): nothing of it is
   * written and a paged one's offset stays.
   */
  resource?: {
    name: ResourceName;
    changed: string[];
    offset?: number;
    nextOffset?: number;
    refused?: string;
    leftOut?: string[];
  };
}

/** The source named in the import report: the request's path and query. */
const sourceOf = (request: Ll2Request, baseUrl: string) => request.url.slice(new URL(baseUrl).origin.length);

export async function syncLl2(options: SyncOptions): Promise<SyncResult> {
  return withBuildLock(options.dataDir, async () => {
    await restoreInterruptedSwap(options.dataDir);
    // Paths relative to the data folder, as the importer matches them.
    const loaded = await loadDataDir(options.dataDir, options.dataDir, options.cache);
    const unreadable = loaded.problems.filter((p) => p.severity === 'error');
    // Records that cannot be parsed cannot be matched: importing could duplicate them.
    if (unreadable.length > 0) throw new DataError(unreadable);
    const state = readSyncState(loaded);
    if (state.problems.length > 0) throw new DataError(state.problems);
    const start = options.since === undefined ? state.cursor : { since: options.since, skip: 0 };
    if (!start) {
      throw new SyncStopped(
        'the data folder has no ll2-sync.yaml yet, so the sync does not know since when to fetch changed launches: pass --since TIME (when the data was last in step with LL2, e.g. the date of the import), or write the file (docs/sync.md)',
        false,
      );
    }

    const existing = existingData(loaded);
    const eventsStart = state.eventsCursor ?? EVENTS_FEED_START;
    // The resource in rotation that is due (resources.ts), read if the run has a request to spare.
    const due = dueResource(state.resourcesFetchedAt, options.now, options.resources);
    // A paged resource (every astronaut) reads the page its offset names.
    const dueOffset = due?.paged ? (state.resourceOffsets[due.name] ?? 0) : undefined;
    const plan: PlanOptions = {
      baseUrl: options.baseUrl,
      cursor: start,
      limit: options.limit,
      eventsCursor: eventsStart,
      lookupEventIds: state.refusedEvents.map((r) => r.id),
      resource: due && {
        name: due.name,
        url: resourceUrl(options.baseUrl, due, formatTimestamp(options.now), dueOffset),
        ...(due.document ? { document: true } : {}),
      },
      // Detail pages beyond the budget, when the look-up missed several launches: what the last hour leaves.
      extraBudget: extraRequestsAllowed(state.requestsLastHour, options.now),
    };
    const run: SyncRun = {
      existing,
      loaded,
      state,
      now: options.now,
      limit: options.limit,
      // Launches an event of ours links: never deleted (kept and named), so never the first to be confirmed.
      linked: new Set(
        existing.events.flatMap((e) => (Array.isArray(e.record.launches) ? e.record.launches.map(String) : [])),
      ),
      ours: new Set(existing.launches.map((l) => String(l.record.id))),
      maxDeletions: options.maxDeletions ?? DEFAULT_MAX_DELETIONS,
    };
    const { fetch, apiKey, timeoutMs, userAgent } = options;
    const read = await readPages(run, plan, { fetch, apiKey, timeoutMs, userAgent });
    const { fetched, pages, confirmationsStopped } = read;
    // Why the resource's answer was not taken (LL2 refused it, it is not LL2's dashboard, or it would bring errors: below).
    let resourceRefused = read.resourceRefused;
    const deletions = decideDeletions(run, read);
    const { gone, removed, removedFiles } = deletions;

    // A launch LL2 sends at the very version we hold is not imported again (most of the upcoming list, most hours).
    const held = new Map(existing.launches.map((l) => [String(l.record.id), toMillis(String(l.record.last_updated))]));
    const same = (r: JsonObject) => held.get(String(r.id)) === toMillis(String(r.last_updated));
    let alreadyHeld = 0;
    // The resource in rotation is filed by its own conversion below (resource-files.ts), not as the importer's input.
    const at = resourcePages(fetched);
    const inputs: ImportInput[] = pages.flatMap((page, i) => {
      if (i === at.astronauts || i === at.expeditions || i === at.dashboard) return [];
      const source = sourceOf(fetched[i].request, options.baseUrl);
      const launches = fetched[i].request.kind === 'launch';
      const results = page.results.filter((r) => !(launches && (gone.has(String(r.id)) || same(r))));
      if (launches) alreadyHeld += page.results.length - results.length;
      return [{ source, ...parseLl2({ ...page, results } as unknown as Json, source) }];
    });
    const imported = runImport(existing, inputs, { now: options.now });
    const { report } = imported;
    if (report.problems.length > 0)
      throw new SyncStopped(
        `LL2's answer could not be imported:\n  ${report.problems.join('\n  ')}\nNothing was written`,
        false,
      );
    const filing = resourceRefused === undefined ? fileResource(run, read, at, imported.files) : NOTHING_FILED;
    resourceRefused ??= filing.refused;
    const resourceFiles = filing.files;
    const importedFiles = imported.files.filter((f) => !removed.has(f.path));
    let files = [...importedFiles.filter((f) => !resourceFiles.some((r) => r.path === f.path)), ...resourceFiles];
    // Each launch written whose NET, status, … changed gets the change in its history (history-append.ts).
    const withHistories = (written: typeof files) => [
      ...written,
      ...syncHistoryFiles(written, heldHistories(existing, loaded), options.now),
    ];
    files = withHistories(files);
    // Every launch (and event) version LL2 sent must be in the data afterwards, or be named as refused.
    const { refused, refusedEvents } = refusedAfterRun(run, read, files, gone, report.dropped);

    const remaining = { ...loaded, files: loaded.files.filter((f) => !removedFiles.has(f.path)) };
    let verified = verifyImport(remaining, files, options.now);
    if (verified.newErrors.length > 0 && resourceFiles.length > 0) {
      // Errors that go away without the resource's page (astronauts, expeditions) are that page's: it is refused (named, a paged offset kept), the rest goes on.
      // The launches' histories are appended to again: the run's changes to them stand without the page.
      const without = withHistories(importedFiles);
      const retried = verifyImport(remaining, without, options.now);
      if (retried.newErrors.length === 0) {
        const first = verified.newErrors[0];
        resourceRefused = `the page would bring ${verified.newErrors.length} error(s) to the data, the first: ${first.file}:${first.line}:${first.col}: ${first.message}`;
        files = without;
        verified = retried;
      }
    }
    const { newErrors, existingErrors, parsed } = verified;
    if (newErrors.length > 0) throw new DataError(newErrors);
    if (options.cache) {
      for (const file of loaded.files) {
        if (file.hash && file.checked && file.checked.content.length === 0 && !file.checked.form)
          options.cache.set(file.path, file.hash, file.value, file.stamp);
      }
    }

    const cursor = cursorAfter(start, fetched);
    const lastSuccessAt = formatTimestamp(options.now);
    const eventsCursor = cursorAfter(eventsStart, fetched, 'changed-events');
    const resourcesFetchedAt = { ...state.resourcesFetchedAt };
    const resourceIndex = fetched.findIndex((f) => f.request.role === 'resource');
    const resourceRead = resourceIndex < 0 ? undefined : fetched[resourceIndex];
    // Its turn is spent even when refused (it waits its interval, and holds up nothing meanwhile).
    if (resourceRead?.request.resource) resourcesFetchedAt[resourceRead.request.resource] = lastSuccessAt;
    const resourceOffsets = { ...state.resourceOffsets };
    // A paged resource steps on to its next page (back to 0 after the last), unless its page was refused.
    const pagedAfter =
      resourceRead && dueOffset !== undefined && resourceRefused === undefined
        ? nextOffset(dueOffset, { next: pages[resourceIndex].next, received: pages[resourceIndex].results.length })
        : dueOffset;
    if (resourceRead && pagedAfter !== undefined) resourceOffsets[resourceRead.request.resource!] = pagedAfter;
    const removedLog = keptRemovals(state.removed, deletions.removals, options.now);
    const ledger = ledgerAfter(state.requestsLastHour, options.now, fetched.length);
    const written = [
      ...files,
      syncStateFile(cursor, {
        eventsCursor,
        lastSuccessAt,
        refused,
        refusedEvents,
        resourcesFetchedAt,
        resourceOffsets,
        missing: deletions.missing,
        removed: removedLog,
        requestsLastHour: ledger,
      }),
    ];
    if (!options.dryRun) await replaceDataFiles(options.dataDir, written, removedFiles);
    // The files just written, as parsed and checked above: the next run need not parse them again.
    if (options.cache && !options.dryRun) {
      const contents = new Map(files.map((f) => [f.path, f.content]));
      for (const file of parsed) {
        const content = contents.get(file.path);
        if (content !== undefined && file.checked && file.checked.content.length === 0 && !file.checked.form) {
          options.cache.set(file.path, hashBytes(Buffer.from(content, 'utf8')), file.value);
        }
      }
    }

    const waiting = (role: 'changed-launches' | 'changed-events') => {
      const feed = fetched.map((f, i) => ({ f, page: pages[i] })).filter(({ f }) => f.request.role === role);
      const last = feed[feed.length - 1];
      return last?.f.more ? Math.max(0, last.page.count - last.f.request.cursor!.skip - last.page.results.length) : 0;
    };
    return {
      requests: fetched.map((f, i) => ({
        request: f.request,
        received: pages[i].results.length,
        count: pages[i].count,
        ...(pages[i].notFound ? { notFound: true } : {}),
      })),
      report,
      files: written,
      before: state.cursor,
      after: cursor,
      behind: waiting('changed-launches'),
      eventsBefore: state.eventsCursor,
      eventsAfter: eventsCursor,
      eventsBehind: waiting('changed-events'),
      written: !options.dryRun,
      existingErrors,
      refused,
      refusedEvents,
      lookedUp: deletions.lookedUp,
      removed: [...removed].sort(),
      removals: deletions.removals,
      missing: deletions.missing,
      deletionsHeld: deletions.held,
      keptLinked: deletions.keptLinked.sort(),
      lastSuccessAt,
      alreadyHeld,
      beyondBudget: Math.max(0, fetched.length - REQUEST_BUDGET),
      lastHourRequests: requestsInLastHour(ledger, options.now),
      ...(confirmationsStopped !== undefined ? { confirmationsStopped } : {}),
      resource: resourceRead && {
        name: resourceRead.request.resource!,
        changed: filing.file && files.includes(filing.file) ? filing.changed : [],
        ...(filing.leftOut.length > 0 ? { leftOut: filing.leftOut } : {}),
        ...(dueOffset !== undefined ? { offset: dueOffset, nextOffset: pagedAfter } : {}),
        ...(resourceRefused !== undefined ? { refused: resourceRefused } : {}),
      },
    };
  });
}
