// What a sync did, in a few lines for the terminal and the pull request: the
// requests and their URLs, records created, updated and unchanged, values
// trimmed to fit our schema, launches deleted (when, which, why) or missing, the
// state before and after, and what was written. Pure: a SyncResult in, lines
// out, every line printable (base/outside-text.ts: LL2's text is escaped).

import { printableLine } from '../../base/outside-text.ts';
import { formatImportReport, formatTrimmed } from '../report.ts';
import { describeReason, MISSING_GAP_MS } from './removal.ts';
import { REQUEST_BUDGET, SYNC_HOURLY_CEILING, type SyncCursor } from './plan.ts';
import type { RefusedEvent, RefusedLaunch } from './state.ts';
import type { SyncResult } from './sync.ts';

const WHAT = {
  'changed-launches': 'changed launches',
  'upcoming-launches': 'upcoming launches',
  'lookup-launches': 'launches looked up by id',
  'confirm-launch': 'launch detail (is it gone?)',
  'changed-events': 'changed events',
  'lookup-events': 'events looked up by id',
  resource: 'records of the resource in rotation',
} as const;

/** How many report lines are about launches and how many about events (report lines start with the kind). */
function byKind(lines: readonly string[]): { launches: number; events: number } {
  return {
    launches: lines.filter((l) => l.startsWith('launch ')).length,
    events: lines.filter((l) => l.startsWith('event ')).length,
  };
}

/** A feed's state after the run: read up to where (and where it was before), and how many changes still wait. */
function feedLines(feed: 'launches' | 'events', before: SyncCursor | undefined, after: SyncCursor, behind: number) {
  const launches = feed === 'launches';
  const was = before
    ? `was ${before.since}${before.skip ? ` + ${before.skip}` : ''}`
    : launches
      ? 'no state before'
      : 'started with every event LL2 holds';
  return [
    `state: changed ${feed} fetched up to ${after.since}${after.skip ? ` + ${after.skip} at that second` : ''} (${was})`,
    behind > 0
      ? `  ${behind} more changed ${launches ? 'launch(es) wait for the next run' : 'event(s) wait for a later run'}`
      : `  the feed of changed ${feed} is read to its end`,
  ];
}

/** The versions of one kind LL2 sent that are not in the data (kept in the state), each with the importer's reason. */
function refusedLines(kind: 'launch' | 'event', refused: ReadonlyArray<RefusedLaunch | RefusedEvent>): string[] {
  if (refused.length === 0) return [];
  const retried =
    kind === 'launch' ? 'every run looks them up again' : 'runs with a request to spare look them up again';
  return [
    `REFUSED: ${refused.length} ${kind} version(s) LL2 sent are not in the data; ${retried} (data/ll2-sync.yaml ${kind === 'launch' ? 'refused' : 'refused_events'}):`,
    ...refused.map((r) => `  ${kind} ${r.id} (LL2 last_updated ${r.lastUpdated}): ${r.reason ?? 'refused'}`),
  ];
}

export function formatSyncSummary(result: SyncResult, options: { verbose?: boolean; dataDir: string }): string[] {
  const { report } = result;
  const lines = [
    result.beyondBudget > 0
      ? `requests: ${result.requests.length}, the budget of ${REQUEST_BUDGET} and ${result.beyondBudget} detail page(s) beyond it (launches a look-up missed at once); the sync's requests in the last hour: ${result.lastHourRequests} of at most ${SYNC_HOURLY_CEILING}`
      : `requests: ${result.requests.length} of at most ${REQUEST_BUDGET}`,
  ];
  for (const { request, received, count, notFound } of result.requests) {
    lines.push(
      `  GET ${request.url}`,
      notFound
        ? `    404 ${WHAT[request.role]}: LL2 no longer has it`
        : `    ${received} of ${count} ${WHAT[request.role]}`,
    );
  }
  const created = byKind(report.created);
  const updated = byKind(report.updated);
  const unchanged = byKind(report.unchanged);
  const kept = byKind(report.keptOlder);
  for (const kind of ['launches', 'events'] as const) {
    lines.push(
      `${kind}: ${created[kind]} created, ${updated[kind]} updated, ${unchanged[kind]} unchanged, ${kept[kind]} kept (ours is as new or newer)`,
    );
  }
  lines.push(`reference data: ${report.referenceAdded.length} added, ${report.referenceUpdated.length} updated`);
  // Events of our own that LL2's record of the same slug replaced (run.ts): named, since their files change hands.
  for (const line of report.matched.filter((l) => l.startsWith('event '))) lines.push(`  ${line}`);
  if (result.resource) {
    const { changed, offset, nextOffset, refused } = result.resource;
    const page =
      offset === undefined
        ? ''
        : ` (the page at offset ${offset}; the next turn reads offset ${nextOffset ?? offset}${nextOffset === 0 && offset > 0 ? ", the list's start again" : ''})`;
    const what =
      result.resource.name === 'active_expeditions'
        ? 'expeditions changed'
        : result.resource.name === 'starship_dashboard'
          ? 'lists replaced (entries now)'
          : 'astronauts changed';
    lines.push(
      `resource in rotation: ${result.resource.name}${page}${changed.length > 0 ? `; ${what}: ${changed.join(', ')}` : ''}`,
    );
    for (const line of result.resource.leftOut ?? []) lines.push(`  not filed: ${line}`);
    if (refused !== undefined)
      lines.push(
        `RESOURCE REFUSED: ${result.resource.name}'s answer was not taken, nothing of it written${offset === undefined ? '' : ', its offset kept'}; it is read again at its next turn: ${refused}`,
      );
  }
  if (result.alreadyHeld > 0)
    lines.push(`already held at LL2's version (not imported again): ${result.alreadyHeld} launch(es)`);
  if (result.lookedUp.length > 0) {
    lines.push(
      `looked up: ${result.lookedUp.length} launch(es) that left LL2's upcoming list without an outcome or were refused before; LL2 no longer has ${result.removed.length + result.keptLinked.length}`,
    );
  }
  for (const r of result.removals)
    lines.push(`  deleted ${r.path} (LL2 no longer has it): launch ${r.id} "${r.name}", ${describeReason(r)}`);
  for (const id of result.keptLinked)
    lines.push(
      `  kept launch ${id}: LL2 no longer has it, but an event of ours links it (remove the link, then the launch)`,
    );
  const waiting = result.missing.filter((m) => !result.keptLinked.includes(m.id));
  if (waiting.length > 0) {
    lines.push(
      `missing from LL2's look-up by id: ${waiting.length} launch(es), kept until LL2's detail page answers 404 or a look-up ${MISSING_GAP_MS / 3_600_000} h later misses them again (data/ll2-sync.yaml missing):`,
    );
    for (const m of waiting) lines.push(`  launch ${m.id} missing since ${m.since}`);
  }
  for (const why of result.deletionsHeld) lines.push(`deletions held this run: ${why}`);
  if (result.confirmationsStopped !== undefined)
    lines.push(`detail pages beyond the budget stopped (the next run asks again): ${result.confirmationsStopped}`);
  lines.push(...refusedLines('launch', result.refused), ...refusedLines('event', result.refusedEvents));
  if (report.dropped.length > 0)
    lines.push(`not imported (records or links): ${report.dropped.length} (see --verbose)`);
  if (!options.verbose) lines.push(...formatTrimmed(report));
  if (options.verbose) lines.push('', ...formatImportReport(report, true), '');
  lines.push(
    ...feedLines('launches', result.before, result.after, result.behind),
    ...feedLines('events', result.eventsBefore, result.eventsAfter, result.eventsBehind),
  );
  const files = `${result.files.length} file(s) under ${options.dataDir}/${result.removed.length ? ` and deleted ${result.removed.length}` : ''}`;
  lines.push(
    result.files.length <= 1 && result.removed.length === 0
      ? `nothing changed at LL2; the state's last_success_at ${result.written ? 'is now' : 'would be'} ${result.lastSuccessAt}`
      : result.written
        ? `wrote ${files}`
        : `dry run: would write ${files}`,
  );
  return lines.map(printableLine);
}
