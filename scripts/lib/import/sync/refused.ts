// The launch and event versions one sync could not take. In: the pages the run
// read (read-pages.ts), the data before the run and the files it writes, the
// launches LL2 no longer has (deletions.ts), the importer's dropped lines, and
// the state's refused launches and events; out: the state's `refused:` and
// `refused_events:` after the run. Every version LL2 sent is in the data
// afterwards (ours as new or newer) or is named here with the importer's reason,
// and kept until a later run takes it: nothing LL2 sends is lost without a word.
// Launches and events follow one rule; they differ in how a report line names
// them and in what tells that LL2 no longer has one.

import type { JsonObject } from '../../model/records.ts';
import { toMillis } from '../../model/time.ts';
import type { ExistingRecord, ImportFile } from '../state.ts';
import type { PagesRead, SyncRun } from './read-pages.ts';
import type { RefusedEvent, RefusedLaunch } from './state.ts';

const NOT_IN_DATA = 'not in the data after the import';

/** Id and last_updated of a record file the importer wrote (our canonical YAML: both at the top level). */
function writtenVersion(content: string): { id: string; lastUpdated: string } | undefined {
  const id = /^id: ["']?([0-9a-f-]{36}|[0-9]+)["']?$/m.exec(content)?.[1];
  const lastUpdated = /^last_updated: ["']?([^"'\s]+)["']?$/m.exec(content)?.[1];
  return id && lastUpdated ? { id, lastUpdated } : undefined;
}

/** Each record's last_updated after the run: ours, then those of the files written under `folder`. */
function versionsAfter(
  records: readonly ExistingRecord[],
  files: readonly ImportFile[],
  folder: 'launches/' | 'events/',
): Map<string, string> {
  const after = new Map(records.map((r) => [String(r.record.id), String(r.record.last_updated)]));
  for (const file of files) {
    const written = file.path.startsWith(folder) ? writtenVersion(file.content) : undefined;
    if (written) after.set(written.id, written.lastUpdated);
  }
  return after;
}

/** The newest version LL2 sent this run of each record of `kind`, but those in `gone`. */
function newestSent(read: PagesRead, kind: 'launch' | 'event', gone: ReadonlySet<string>): Map<string, JsonObject> {
  const incoming = new Map<string, JsonObject>();
  read.pages.forEach((page, i) => {
    if (read.fetched[i].request.kind !== kind) return;
    for (const r of page.results) {
      const id = String(r.id);
      const known = incoming.get(id);
      if (!gone.has(id) && (!known || toMillis(String(r.last_updated)) > toMillis(String(known.last_updated))))
        incoming.set(id, r);
    }
  });
  return incoming;
}

/** Whether the data after the run holds this version, or a newer one. */
function taken(after: ReadonlyMap<string, string>, id: string, lastUpdated: string): boolean {
  const ours = after.get(id);
  return ours !== undefined && toMillis(ours) >= toMillis(lastUpdated);
}

/**
 * The versions sent that the data after the run does not hold, each with the first
 * dropped line that names it (`idLabel` + id, its slug or its name).
 */
function notTaken(
  incoming: ReadonlyMap<string, JsonObject>,
  after: ReadonlyMap<string, string>,
  idLabel: string,
  dropped: readonly string[],
): RefusedLaunch[] {
  const refused: RefusedLaunch[] = [];
  for (const [id, record] of incoming) {
    const lastUpdated = String(record.last_updated);
    if (taken(after, id, lastUpdated)) continue;
    const names = [`${idLabel}${id}`, String(record.slug ?? ''), String(record.name ?? '')].filter((n) => n !== '');
    const reason = dropped.find((line) => names.some((n) => line.includes(n))) ?? NOT_IN_DATA;
    refused.push({ id, lastUpdated, reason });
  }
  return refused;
}

/** Events looked up by id that LL2 no longer has (its answer, whole, holds only ids asked for): nothing left to retry. */
function goneEvents(read: PagesRead): Set<string> {
  const gone = new Set<string>();
  read.fetched.forEach((f, i) => {
    const request = f.request;
    if (request.kind !== 'event' || request.role !== 'lookup-events' || f.more) return;
    const answered = new Set(read.pages[i].results.map((r) => String(r.id)));
    if ([...answered].some((id) => !request.ids!.includes(id))) return;
    for (const id of request.ids!) if (!answered.has(id)) gone.add(id);
  });
  return gone;
}

/**
 * This run's refused versions, then the state's earlier ones still neither sent again, gone, nor taken: `files`
 * the run writes, `gone` the launches LL2 no longer has (deletions.ts), `dropped` the import report's lines on
 * what it did not take.
 */
export function refusedAfterRun(
  run: SyncRun,
  read: PagesRead,
  files: readonly ImportFile[],
  gone: ReadonlySet<string>,
  dropped: readonly string[],
): { refused: RefusedLaunch[]; refusedEvents: RefusedEvent[] } {
  const launchesAfter = versionsAfter(run.existing.launches, files, 'launches/');
  const launches = newestSent(read, 'launch', gone);
  const refused = [
    ...notTaken(launches, launchesAfter, '', dropped),
    ...run.state.refused.filter(
      (r) => !launches.has(r.id) && !gone.has(r.id) && !taken(launchesAfter, r.id, r.lastUpdated),
    ),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const eventsAfter = versionsAfter(run.existing.events, files, 'events/');
  const events = newestSent(read, 'event', new Set());
  const eventsGone = goneEvents(read);
  // A dropped link names its event, though the event itself was taken: not a reason.
  const eventsDropped = dropped.filter((line) => !line.includes('link'));
  const refusedEvents = [
    ...notTaken(events, eventsAfter, 'event ', eventsDropped).map((r) => ({ ...r, id: Number(r.id) })),
    ...run.state.refusedEvents.filter(
      (r) =>
        !events.has(String(r.id)) && !eventsGone.has(String(r.id)) && !taken(eventsAfter, String(r.id), r.lastUpdated),
    ),
  ].sort((a, b) => a.id - b.id);
  return { refused, refusedEvents };
}
