// One sync with LL2: read the data folder and its state, fetch what the plan asks
// for (plan.ts, at most REQUEST_BUDGET requests; the launches to look up by id
// from stale.ts), import it with the importer (run.ts), delete the launches LL2
// no longer has, name every launch (and event) version the importer refused (kept
// in the state and looked up again), check the folder as it would be
// (verify.ts), and only then write everything at once with the new state
// (write.ts). Every failure before the write leaves the folder untouched; `fetch`
// and the clock come in.

import type { Json, JsonObject } from '../../model/records.ts';
import { formatTimestamp, toMillis } from '../../model/time.ts';
import { loadDataDir } from '../../data/load.ts';
import { hashBytes, type RecordCache } from '../../data/record-cache.ts';
import { DataError, type Problem } from '../../data/problems.ts';
import { restoreInterruptedSwap, withBuildLock } from '../../publish/writer.ts';
import { existingData } from '../io.ts';
import { parseLl2 } from '../parse.ts';
import type { ImportReport } from '../report.ts';
import { runImport, type ImportFile, type ImportInput } from '../run.ts';
import { verifyImport } from '../verify.ts';
import { getLl2Page, SyncStopped, type FetchLike, type Ll2Page } from './http.ts';
import {
  cursorAfter,
  EVENTS_FEED_START,
  extraRequestsAllowed,
  LL2_PAGE_LIMIT,
  ledgerAfter,
  nextRequest,
  REQUEST_BUDGET,
  requestsInLastHour,
  type FetchedPage,
  type Ll2Request,
  type PlanOptions,
  type SyncCursor,
} from './plan.ts';
import { inPlaceOrder, launchesToLookUp } from './stale.ts';
import {
  confirmationsToAsk,
  decideRemovals,
  DEFAULT_MAX_DELETIONS,
  keptRemovals,
  lookupVerdict,
  TooManyDeletions,
  upcomingLooksShort,
  type MissingLaunch,
  type RemovedLaunch,
} from './removal.ts';
import { readSyncState, syncStateFile, type RefusedEvent, type RefusedLaunch } from './state.ts';
import { replaceDataFiles } from './write.ts';
import { heldHistories, historiesOfRemoved } from '../history-files.ts';
import { syncHistoryFiles } from '../history-append.ts';
import { dueResource, nextOffset, resourceUrl, type Resource, type ResourceName } from './resources.ts';
import { fileAstronautList } from '../astronauts.ts';
import { fileExpeditionList } from '../expeditions.ts';
import { fileStarshipDashboard, STARSHIP_DASHBOARD_PATH, starshipDashboardYaml } from '../starship-dashboard.ts';
import { parse as parseYaml } from 'yaml';
import { isObject } from '../schema-walk.ts';
import {
  canonicalReference,
  referenceFilePath,
  referenceFileSchema,
  referenceFileYaml,
  updateYaml,
} from '../yaml-out.ts';

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

/** Our reference keys to LL2 ids (statuses, NET precisions). */
const idsByKey = (records: Map<string, JsonObject>): Map<string, number> =>
  new Map([...records].filter(([, r]) => typeof r.id === 'number').map(([key, r]) => [key, r.id as number]));

/** Id and last_updated of a launch file the importer wrote (our canonical YAML: both at the top level). */
function writtenLaunch(content: string): { id: string; lastUpdated: string } | undefined {
  const id = /^id: ["']?([0-9a-f-]{36}|[0-9]+)["']?$/m.exec(content)?.[1];
  const lastUpdated = /^last_updated: ["']?([^"'\s]+)["']?$/m.exec(content)?.[1];
  return id && lastUpdated ? { id, lastUpdated } : undefined;
}

/** The LL2 version a request's URL names (`…/2.3.0/…`). */
const versionOf = (url: string): string | undefined => /\/(\d+\.\d+\.\d+)\//.exec(url)?.[1];

/** A reference file (astronauts.yaml, expeditions.yaml) with `records` as its records: the file's comments and untouched records kept as they are. */
function referenceYaml(
  existing: ReturnType<typeof existingData>,
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
const astronautsYaml = (existing: ReturnType<typeof existingData>, astronauts: ReadonlyMap<string, JsonObject>) =>
  referenceYaml(existing, 'astronauts', astronauts);

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
    const fetched: FetchedPage[] = [];
    const pages: Ll2Page[] = [];
    // Launches an event of ours links: never deleted (kept and named), so never the first to be confirmed.
    const linked = new Set(
      existing.events.flatMap((e) => (Array.isArray(e.record.launches) ? e.record.launches.map(String) : [])),
    );
    // Why the upcoming page looks cut short, if it does: then nothing is deleted this run (removal.ts).
    const upcomingShort = (): string | undefined => {
      const i = fetched.findIndex((f) => f.request.role === 'upcoming-launches');
      return i < 0 ? 'no upcoming page was read' : upcomingLooksShort(pages[i], options.limit ?? LL2_PAGE_LIMIT);
    };
    const ours = new Set(existing.launches.map((l) => String(l.record.id)));
    const maxDeletions = options.maxDeletions ?? DEFAULT_MAX_DELETIONS;
    // Why the resource's answer was not taken (it then counts as an empty page: nothing of it is written).
    let resourceRefused: string | undefined;
    // Why the detail pages beyond the budget stopped, if they did.
    let confirmationsStopped: string | undefined;
    for (let request = nextRequest(plan, fetched); request; request = nextRequest(plan, fetched)) {
      let page: Ll2Page;
      try {
        page = await getLl2Page(
          request,
          { fetch: options.fetch, apiKey: options.apiKey, timeoutMs: options.timeoutMs, userAgent: options.userAgent },
          options.now,
        );
      } catch (error) {
        // A resource in rotation LL2 refuses (not a passing failure: those stop the run, and the next run is the retry)
        // does not hold up the launches and events: named in the result, its turn spent, a paged one's offset kept.
        // A detail page beyond the budget that fails for a while (LL2's rate limit counting more than ours, a timeout)
        // ends the detail pages, not the run: nothing is confirmed by it, and the rest of the run is written.
        const beyond = request.role === 'confirm-launch' && fetched.length >= REQUEST_BUDGET;
        if (beyond && error instanceof SyncStopped && error.temporary) {
          confirmationsStopped = error.message;
          plan.confirmIds = (plan.confirmIds ?? []).slice(
            0,
            fetched.filter((f) => f.request.role === 'confirm-launch').length + 1,
          );
          page = { count: 0, next: null, results: [] };
        } else {
          if (!(request.role === 'resource' && error instanceof SyncStopped && !error.temporary)) throw error;
          resourceRefused = error.message;
          page = { count: 0, next: null, results: [] };
        }
      }
      pages.push(page);
      fetched.push({ request, lastUpdated: page.results.map((r) => String(r.last_updated)), more: page.next !== null });
      if (request.role === 'upcoming-launches') {
        plan.lookupIds = launchesToLookUp({
          launches: existing.launches.map((l) => l.record),
          statusIds: idsByKey(existing.reference.launchStatuses),
          precisionIds: idsByKey(existing.reference.netPrecisions),
          upcoming: page.results,
          upcomingMore: page.next !== null,
          received: new Set(
            pages.flatMap((p, i) => (fetched[i].request.kind === 'launch' ? p.results.map((r) => String(r.id)) : [])),
          ),
          // Refused launches first, then those missing from an earlier look-up (asked again: a second answer decides).
          refused: [...state.refused.map((r) => r.id), ...state.missing.map((m) => m.id)],
          now: options.now,
          limit: options.limit,
        });
      }
      // Launches a look-up filtered by id did not answer: their detail pages are asked for, one per launch a 404 would delete up to the cap (removal.ts), unless the upcoming page looks cut short.
      if (request.role === 'lookup-launches' && upcomingShort() === undefined) {
        const verdict = lookupVerdict(request.ids!, page);
        plan.confirmIds = confirmationsToAsk({
          // Soonest first among those missing since the same time (the first 30 people look at go first).
          verdict: {
            ...verdict,
            absent: inPlaceOrder(
              verdict.absent,
              existing.launches.map((l) => l.record),
              idsByKey(existing.reference.netPrecisions),
            ),
          },
          missing: state.missing,
          linked,
          ours,
          now: options.now,
          cap: maxDeletions,
        });
      }
    }

    // Launches LL2 no longer has (removal.ts): a 404 of their detail page, or missing from two whole look-ups 6 h apart.
    const lookedUp: string[] = [];
    const lookups: Array<{ asked: string[]; verdict: ReturnType<typeof lookupVerdict> }> = [];
    const notFound = new Set<string>();
    const received = new Set<string>();
    fetched.forEach((f, i) => {
      if (f.request.kind === 'launch') for (const r of pages[i].results) received.add(String(r.id));
      if (f.request.role === 'confirm-launch' && pages[i].notFound) notFound.add(f.request.ids![0]);
      if (f.request.role !== 'lookup-launches') return;
      lookedUp.push(...f.request.ids!);
      lookups.push({ asked: f.request.ids!, verdict: lookupVerdict(f.request.ids!, pages[i]) });
    });
    const decision = decideRemovals({
      now: options.now,
      missing: state.missing,
      held: upcomingShort(),
      lookups,
      notFound,
      received,
      ours,
    });
    const gone = new Set(decision.remove.keys());
    const keptLinked = [...gone].filter((id) => linked.has(id));
    const removedEntries = existing.launches.filter(
      (l) => gone.has(String(l.record.id)) && !linked.has(String(l.record.id)),
    );
    const removed = new Set(removedEntries.map((l) => l.path));
    const removedAt = formatTimestamp(options.now);
    const removals: RemovedLaunch[] = removedEntries
      .map((l) => {
        const why = decision.remove.get(String(l.record.id))!;
        return {
          at: removedAt,
          id: String(l.record.id),
          name: String(l.record.name ?? ''),
          reason: why.reason,
          ...(why.missingSince ? { missingSince: why.missingSince } : {}),
          path: l.path,
        };
      })
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    if (removals.length > maxDeletions) throw new TooManyDeletions(removals, maxDeletions);
    // Linked launches LL2 no longer has stay marked missing: looked up and named every run until a person decides.
    const missing = [
      ...decision.missing,
      ...keptLinked
        .filter((id) => !decision.missing.some((m) => m.id === id))
        .map((id) => ({ id, since: state.missing.find((m) => m.id === id)?.since ?? removedAt })),
    ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // A launch deleted takes its history file with it (history-files.ts).
    const removedFiles = new Set([...removed, ...historiesOfRemoved(removed, loaded)]);

    // A launch LL2 sends at the very version we hold is not imported again (most of the upcoming list, most hours).
    const held = new Map(existing.launches.map((l) => [String(l.record.id), toMillis(String(l.record.last_updated))]));
    const same = (r: JsonObject) => held.get(String(r.id)) === toMillis(String(r.last_updated));
    let alreadyHeld = 0;
    // Astronauts (those in space, or a page of every astronaut) are filed by their own conversion below (astronauts.ts), not as the importer's input.
    const astronautPage = fetched.findIndex(
      (f) => f.request.resource === 'astronauts_in_space' || f.request.resource === 'all_astronauts',
    );
    const everyAstronaut = astronautPage >= 0 && fetched[astronautPage].request.resource === 'all_astronauts';
    // Expeditions likewise (expeditions.ts), their crews' astronauts through the astronauts' conversion.
    const expeditionPage = fetched.findIndex((f) => f.request.resource === 'active_expeditions');
    // The Starship dashboard too (starship-dashboard.ts): its lists replace the file's; its launches and events are the feeds'.
    const dashboardPage = fetched.findIndex((f) => f.request.resource === 'starship_dashboard');
    const inputs: ImportInput[] = pages.flatMap((page, i) => {
      if (i === astronautPage || i === expeditionPage || i === dashboardPage) return [];
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
    const astronautsFiled =
      astronautPage < 0 || resourceRefused !== undefined
        ? undefined
        : fileAstronautList(pages[astronautPage].results, existing.reference, {
            // A page of every astronaut says nothing of who is not in space: only the whole in-space list (one page) does.
            complete: !everyAstronaut && !fetched[astronautPage].more,
            fetchedAt: formatTimestamp(options.now),
            version: versionOf(fetched[astronautPage].request.url),
            page: everyAstronaut,
          });
    let dashboardFiled: { changed: string[]; leftOut: string[] } | undefined;
    let astronautsFile =
      astronautsFiled && astronautsFiled.changed.length > 0
        ? astronautsYaml(existing, astronautsFiled.astronauts)
        : undefined;
    // The expeditions under way (and those we hold), over the astronauts as the importer left them (a launch's crew may have added some).
    const expeditionsFiled =
      expeditionPage < 0 || resourceRefused !== undefined
        ? undefined
        : (() => {
            const importerAstronauts = imported.files.find(
              (f) => f.path === (existing.referencePaths.astronauts ?? referenceFilePath('astronauts')),
            );
            const astronauts = importerAstronauts
              ? new Map(Object.entries((parseYaml(importerAstronauts.content) ?? {}) as Record<string, JsonObject>))
              : existing.reference.astronauts;
            return fileExpeditionList(
              pages[expeditionPage].results,
              { ...existing.reference, astronauts },
              { now: options.now, version: versionOf(fetched[expeditionPage].request.url) },
            );
          })();
    const expeditionsFile =
      expeditionsFiled && expeditionsFiled.changed.length > 0
        ? referenceYaml(existing, 'expeditions', expeditionsFiled.expeditions)
        : undefined;
    if (expeditionsFile && expeditionsFiled!.astronautsChanged.length > 0)
      astronautsFile = astronautsYaml(existing, expeditionsFiled!.astronauts);
    // The dashboard's lists: refused (named, nothing written) when the answer is not LL2's dashboard.
    const dashboardFile = (() => {
      if (dashboardPage < 0 || resourceRefused !== undefined) return undefined;
      const held = loaded.files.find((f) => f.path === STARSHIP_DASHBOARD_PATH && f.kind === 'reference');
      const filed = fileStarshipDashboard(pages[dashboardPage].results[0], {
        spacecraft: existing.reference.spacecraft,
        held: held && isObject(held.value as Json) ? (held.value as JsonObject) : undefined,
        url: fetched[dashboardPage].request.url,
        now: options.now,
      });
      if ('refused' in filed) {
        resourceRefused = filed.refused;
        return undefined;
      }
      dashboardFiled = filed;
      return filed.changed.length > 0
        ? { path: STARSHIP_DASHBOARD_PATH, content: starshipDashboardYaml(filed.dashboard, held?.text) }
        : undefined;
    })();
    const resourceFiles = [astronautsFile, expeditionsFile, dashboardFile].filter(
      (f): f is ImportFile => f !== undefined,
    );
    const importedFiles = imported.files.filter((f) => !removed.has(f.path));
    let files = [...importedFiles.filter((f) => !resourceFiles.some((r) => r.path === f.path)), ...resourceFiles];
    // Each launch written whose NET, status, … changed gets the change in its history (history-append.ts).
    files = [...files, ...syncHistoryFiles(files, heldHistories(existing, loaded), options.now)];

    // Every launch version LL2 sent must be in the data afterwards (ours as new or newer), or be named as refused.
    const after = new Map(existing.launches.map((l) => [String(l.record.id), String(l.record.last_updated)]));
    for (const file of files) {
      const written = file.path.startsWith('launches/') ? writtenLaunch(file.content) : undefined;
      if (written) after.set(written.id, written.lastUpdated);
    }
    const incoming = new Map<string, JsonObject>();
    pages.forEach((page, i) => {
      if (fetched[i].request.kind !== 'launch') return;
      for (const r of page.results) {
        const id = String(r.id);
        const known = incoming.get(id);
        if (!gone.has(id) && (!known || toMillis(String(r.last_updated)) > toMillis(String(known.last_updated))))
          incoming.set(id, r);
      }
    });
    const taken = (id: string, lastUpdated: string) => {
      const ours = after.get(id);
      return ours !== undefined && toMillis(ours) >= toMillis(lastUpdated);
    };
    const refusedNow: RefusedLaunch[] = [];
    for (const [id, launch] of incoming) {
      const lastUpdated = String(launch.last_updated);
      if (taken(id, lastUpdated)) continue;
      const names = [id, String(launch.slug ?? ''), String(launch.name ?? '')].filter((n) => n.length > 0);
      const reason =
        report.dropped.find((line) => names.some((n) => line.includes(n))) ?? 'not in the data after the import';
      refusedNow.push({ id, lastUpdated, reason });
    }
    const refused = [
      ...refusedNow,
      ...state.refused.filter((r) => !incoming.has(r.id) && !gone.has(r.id) && !taken(r.id, r.lastUpdated)),
    ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

    // The same for events: every event version LL2 sent is in the data afterwards, or named and kept in the state.
    const eventsAfter = new Map(existing.events.map((e) => [String(e.record.id), String(e.record.last_updated)]));
    for (const file of files) {
      const written = file.path.startsWith('events/') ? writtenLaunch(file.content) : undefined;
      if (written) eventsAfter.set(written.id, written.lastUpdated);
    }
    const eventTaken = (id: string, lastUpdated: string) => {
      const ours = eventsAfter.get(id);
      return ours !== undefined && toMillis(ours) >= toMillis(lastUpdated);
    };
    const incomingEvents = new Map<string, JsonObject>();
    // Events looked up by id that LL2 no longer has (its answer holds only ids asked for): nothing left to retry.
    const goneEvents = new Set<string>();
    pages.forEach((page, i) => {
      const request = fetched[i].request;
      if (request.kind !== 'event') return;
      for (const r of page.results) {
        const known = incomingEvents.get(String(r.id));
        if (!known || toMillis(String(r.last_updated)) > toMillis(String(known.last_updated)))
          incomingEvents.set(String(r.id), r);
      }
      if (request.role !== 'lookup-events' || fetched[i].more) return;
      const answered = new Set(page.results.map((r) => String(r.id)));
      if ([...answered].some((id) => !request.ids!.includes(id))) return;
      for (const id of request.ids!) if (!answered.has(id)) goneEvents.add(id);
    });
    const refusedEventsNow: RefusedEvent[] = [];
    for (const [id, event] of incomingEvents) {
      const lastUpdated = String(event.last_updated);
      if (eventTaken(id, lastUpdated)) continue;
      const names = [`event ${id}`, String(event.slug ?? ''), String(event.name ?? '')].filter((n) => n.length > 0);
      const reason =
        report.dropped.filter((line) => !line.includes('link')).find((line) => names.some((n) => line.includes(n))) ??
        'not in the data after the import';
      refusedEventsNow.push({ id: Number(id), lastUpdated, reason });
    }
    const refusedEvents = [
      ...refusedEventsNow,
      ...state.refusedEvents.filter(
        (r) =>
          !incomingEvents.has(String(r.id)) &&
          !goneEvents.has(String(r.id)) &&
          !eventTaken(String(r.id), r.lastUpdated),
      ),
    ].sort((a, b) => a.id - b.id);

    const remaining = { ...loaded, files: loaded.files.filter((f) => !removedFiles.has(f.path)) };
    let verified = verifyImport(remaining, files, options.now);
    if (verified.newErrors.length > 0 && resourceFiles.length > 0) {
      // Errors that go away without the resource's page (astronauts, expeditions) are that page's: it is refused (named, a paged offset kept), the rest goes on.
      const without = importedFiles;
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
    const removedLog = keptRemovals(state.removed, removals, options.now);
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
        missing,
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
      lookedUp,
      removed: [...removed].sort(),
      removals,
      missing,
      deletionsHeld: decision.held,
      keptLinked: keptLinked.sort(),
      lastSuccessAt,
      alreadyHeld,
      beyondBudget: Math.max(0, fetched.length - REQUEST_BUDGET),
      lastHourRequests: requestsInLastHour(ledger, options.now),
      ...(confirmationsStopped !== undefined ? { confirmationsStopped } : {}),
      resource: resourceRead && {
        name: resourceRead.request.resource!,
        changed:
          resourceIndex === astronautPage && files.includes(astronautsFile!)
            ? (astronautsFiled?.changed ?? [])
            : resourceIndex === expeditionPage && expeditionsFile && files.includes(expeditionsFile)
              ? expeditionsFiled!.changed
              : resourceIndex === dashboardPage && dashboardFile && files.includes(dashboardFile)
                ? dashboardFiled!.changed
                : [],
        ...(resourceIndex === expeditionPage && expeditionsFiled && expeditionsFiled.leftOut.length > 0
          ? { leftOut: expeditionsFiled.leftOut }
          : {}),
        ...(resourceIndex === dashboardPage && dashboardFiled && dashboardFiled.leftOut.length > 0
          ? { leftOut: dashboardFiled.leftOut }
          : {}),
        ...(dueOffset !== undefined ? { offset: dueOffset, nextOffset: pagedAfter } : {}),
        ...(resourceRefused !== undefined ? { refused: resourceRefused } : {}),
      },
    };
  });
}
