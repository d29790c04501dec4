// What a sync did, in a few lines for the terminal and the pull request: the
// requests and their URLs, records created, updated and unchanged, the state
// before and after, and what was written. Pure: a SyncResult in, lines out.

import { formatImportReport } from '../report.ts';
import { REQUEST_BUDGET } from './plan.ts';
import type { SyncResult } from './sync.ts';

const WHAT = { 'changed-launches': 'changed launches', 'upcoming-launches': 'upcoming launches', 'upcoming-events': 'upcoming events' } as const;

/** How many report lines are about launches and how many about events (report lines start with the kind). */
function byKind(lines: readonly string[]): { launches: number; events: number } {
  return { launches: lines.filter((l) => l.startsWith('launch ')).length, events: lines.filter((l) => l.startsWith('event ')).length };
}

export function formatSyncSummary(result: SyncResult, options: { verbose?: boolean; dataDir: string }): string[] {
  const { report } = result;
  const lines = [`requests: ${result.requests.length} of at most ${REQUEST_BUDGET}`];
  for (const { request, received, count } of result.requests) lines.push(`  GET ${request.url}\n    ${received} of ${count} ${WHAT[request.role]}`);
  const created = byKind(report.created);
  const updated = byKind(report.updated);
  const unchanged = byKind(report.unchanged);
  const kept = byKind(report.keptOlder);
  for (const kind of ['launches', 'events'] as const) {
    lines.push(`${kind}: ${created[kind]} created, ${updated[kind]} updated, ${unchanged[kind]} unchanged, ${kept[kind]} kept (ours is as new or newer)`);
  }
  lines.push(`reference data: ${report.referenceAdded.length} added, ${report.referenceUpdated.length} updated`);
  if (report.dropped.length > 0) lines.push(`not imported: ${report.dropped.length} (see --verbose)`);
  if (options.verbose) lines.push('', ...formatImportReport(report, true), '');
  const was = result.before ? `was ${result.before.since}${result.before.skip ? ` + ${result.before.skip}` : ''}` : 'no state before';
  lines.push(`state: changed launches fetched up to ${result.after.since}${result.after.skip ? ` + ${result.after.skip} at that second` : ''} (${was})`);
  lines.push(result.behind > 0 ? `  ${result.behind} more changed launch(es) wait for the next run` : '  the feed of changed launches is read to its end');
  const files = `${result.files.length} file(s) under ${options.dataDir}/`;
  lines.push(result.files.length === 0 ? 'nothing changed; nothing written' : result.written ? `wrote ${files}` : `dry run: would write ${files}`);
  return lines;
}
