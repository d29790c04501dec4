// One sync with LL2: read the data folder and its state, fetch what the plan asks
// for (plan.ts, at most REQUEST_BUDGET requests), import it with the importer
// (run.ts), check the folder as it would be (verify.ts), and only then write
// everything at once with the new state (write.ts). Every failure before the
// write leaves the folder untouched; `fetch` and the clock come in.

import type { Json } from '../../model/records.ts';
import { loadDataDir } from '../../data/load.ts';
import { DataError, type Problem } from '../../data/problems.ts';
import { restoreInterruptedSwap, withBuildLock } from '../../publish/writer.ts';
import { existingData } from '../io.ts';
import { parseLl2 } from '../parse.ts';
import type { ImportReport } from '../report.ts';
import { runImport, type ImportFile, type ImportInput } from '../run.ts';
import { verifyImport } from '../verify.ts';
import { getLl2Page, SyncStopped, type FetchLike, type Ll2Page } from './http.ts';
import { cursorAfter, nextRequest, type FetchedPage, type Ll2Request, type SyncCursor } from './plan.ts';
import { readSyncState, syncStateFile } from './state.ts';
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
}

export interface SyncRequest {
  request: Ll2Request;
  /** Results received, and how many LL2 has in all for this request. */
  received: number;
  count: number;
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
}

const sameCursor = (a: SyncCursor | undefined, b: SyncCursor) => a !== undefined && a.since === b.since && a.skip === b.skip;

/** The source named in the import report: the request's path and query. */
const sourceOf = (request: Ll2Request, baseUrl: string) => request.url.slice(new URL(baseUrl).origin.length);

export async function syncLl2(options: SyncOptions): Promise<SyncResult> {
  return withBuildLock(options.dataDir, async () => {
    await restoreInterruptedSwap(options.dataDir);
    // Paths relative to the data folder, as the importer matches them.
    const loaded = await loadDataDir(options.dataDir, options.dataDir);
    const unreadable = loaded.problems.filter((p) => p.severity === 'error');
    // Records that cannot be parsed cannot be matched: importing could duplicate them.
    if (unreadable.length > 0) throw new DataError(unreadable);
    const state = readSyncState(loaded);
    if (state.problems.length > 0) throw new DataError(state.problems);
    const start = options.since === undefined ? state.cursor : { since: options.since, skip: 0 };
    if (!start) {
      throw new SyncStopped('the data folder has no ll2-sync.yaml yet, so the sync does not know since when to fetch changed launches: pass --since TIME (when the data was last in step with LL2, e.g. the date of the import), or write the file (docs/sync.md)', false);
    }

    const plan = { baseUrl: options.baseUrl, cursor: start, limit: options.limit };
    const fetched: FetchedPage[] = [];
    const pages: Ll2Page[] = [];
    for (let request = nextRequest(plan, fetched); request; request = nextRequest(plan, fetched)) {
      const page = await getLl2Page(request, { fetch: options.fetch, apiKey: options.apiKey, timeoutMs: options.timeoutMs, userAgent: options.userAgent }, options.now);
      pages.push(page);
      fetched.push({ request, lastUpdated: page.results.map((r) => String(r.last_updated)), more: page.next !== null });
    }

    const inputs: ImportInput[] = pages.map((page, i) => {
      const source = sourceOf(fetched[i].request, options.baseUrl);
      return { source, ...parseLl2(page as unknown as Json, source) };
    });
    const { files, report } = runImport(existingData(loaded), inputs, { now: options.now });
    if (report.problems.length > 0) throw new SyncStopped(`LL2's answer could not be imported:\n  ${report.problems.join('\n  ')}\nNothing was written`, false);
    const { newErrors, existingErrors } = verifyImport(loaded, files, options.now);
    if (newErrors.length > 0) throw new DataError(newErrors);

    const after = cursorAfter(start, fetched);
    const written = sameCursor(state.cursor, after) ? files : [...files, syncStateFile(after)];
    if (!options.dryRun && written.length > 0) await replaceDataFiles(options.dataDir, written);

    const feed = fetched.map((f, i) => ({ f, page: pages[i] })).filter(({ f }) => f.request.role === 'changed-launches');
    const last = feed[feed.length - 1];
    const behind = last.f.more ? last.page.count - last.f.request.cursor!.skip - last.page.results.length : 0;
    return {
      requests: fetched.map((f, i) => ({ request: f.request, received: pages[i].results.length, count: pages[i].count })),
      report, files: written, before: state.cursor, after, behind: Math.max(0, behind),
      written: !options.dryRun && written.length > 0, existingErrors,
    };
  });
}
