// What a change does to the published API, read from two built trees (base and
// head, built with the same clock and base URL): launches and events added or
// removed, NET, date and status changes, moves between upcoming and previous.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_VERSION, COLLECTION_PATHS } from '../api/paths.ts';
import { pagePath } from '../api/paging.ts';

/** A launch or event object as the API lists it: the fields compared by name, the rest as they are. */
interface Item {
  [field: string]: unknown;
  id?: unknown;
  name?: unknown;
  net?: unknown;
  date?: unknown;
  net_precision?: { name?: unknown } | null;
  status?: { id?: unknown; name?: unknown } | null;
  type?: { name?: unknown } | null;
}

export interface PublishedApi {
  launches: Map<string, Item>;
  upcomingLaunches: Set<string>;
  previousLaunches: Set<string>;
  events: Map<string, Item>;
  upcomingEvents: Set<string>;
}

/** Every result of a collection, following its pages on disk. */
async function readCollection(root: string, collection: string): Promise<Item[]> {
  const results: Item[] = [];
  for (let n = 1; ; n++) {
    const file = path.join(root, API_VERSION, pagePath(collection, n), 'index.json');
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) return results;
    const page = JSON.parse(text) as { results: Item[]; next: string | null };
    results.push(...page.results);
    if (!page.next) return results;
  }
}

export async function readPublishedApi(root: string): Promise<PublishedApi> {
  const ids = (items: Item[]) => new Set(items.map((i) => String(i.id)));
  const byId = (items: Item[]) => new Map(items.map((i) => [String(i.id), i]));
  return {
    launches: byId(await readCollection(root, COLLECTION_PATHS.launches)),
    upcomingLaunches: ids(await readCollection(root, COLLECTION_PATHS.upcomingLaunches)),
    previousLaunches: ids(await readCollection(root, COLLECTION_PATHS.previousLaunches)),
    events: byId(await readCollection(root, COLLECTION_PATHS.events)),
    upcomingEvents: ids(await readCollection(root, COLLECTION_PATHS.upcomingEvents)),
  };
}

export interface ApiChange {
  kind: 'launch' | 'event';
  id: string;
  name: string;
  what: string;
}

/** Figures derived from the whole data set change whenever any launch does; leave them out of comparisons. */
const DERIVED_KEY = /(_count|_count_year|_launches|_landings|_landings_spacecraft|_landings_payload|turnaround)$/;
const comparable = (value: unknown): string =>
  JSON.stringify(value, (key, v) => (DERIVED_KEY.test(key) ? undefined : v));

const where = (api: PublishedApi, id: string): string => {
  const places = [api.upcomingLaunches.has(id) && 'upcoming', api.previousLaunches.has(id) && 'previous'].filter(
    Boolean,
  );
  return places.length ? places.join(' + ') : 'neither list';
};

export function diffApis(base: PublishedApi, head: PublishedApi): ApiChange[] {
  const changes: ApiChange[] = [];
  const add = (kind: ApiChange['kind'], item: Item, what: string) =>
    changes.push({ kind, id: String(item.id), name: String(item.name), what });

  for (const [id, launch] of head.launches) {
    const before = base.launches.get(id);
    if (!before) {
      add('launch', launch, `added (${launch.status?.name}, NET ${launch.net}, ${where(head, id)})`);
      continue;
    }
    if (before.net !== launch.net) add('launch', launch, `NET ${before.net} → ${launch.net}`);
    if (before.net_precision?.name !== launch.net_precision?.name)
      add(
        'launch',
        launch,
        `NET precision ${before.net_precision?.name ?? 'none'} → ${launch.net_precision?.name ?? 'none'}`,
      );
    if (before.status?.id !== launch.status?.id)
      add('launch', launch, `status ${before.status?.name} → ${launch.status?.name}`);
    if (before.name !== launch.name) add('launch', launch, `renamed from "${before.name}"`);
    if (where(base, id) !== where(head, id))
      add('launch', launch, `moves from ${where(base, id)} to ${where(head, id)}`);
    const otherFields = Object.keys(launch).filter(
      (k) =>
        !['net', 'net_precision', 'status', 'name', 'last_updated'].includes(k) &&
        comparable(before[k]) !== comparable(launch[k]),
    );
    if (otherFields.length) add('launch', launch, `also changed: ${otherFields.join(', ')}`);
  }
  for (const [id, launch] of base.launches) if (!head.launches.has(id)) add('launch', launch, 'removed');

  for (const [id, event] of head.events) {
    const before = base.events.get(id);
    if (!before) add('event', event, `added (${event.type?.name}, ${event.date ?? 'undated'})`);
    else {
      if (before.date !== event.date) add('event', event, `date ${before.date} → ${event.date}`);
      if (base.upcomingEvents.has(id) !== head.upcomingEvents.has(id))
        add('event', event, head.upcomingEvents.has(id) ? 'now upcoming' : 'no longer upcoming');
    }
  }
  for (const [id, event] of base.events) if (!head.events.has(id)) add('event', event, 'removed');
  return changes;
}

export function formatApiDiff(changes: readonly ApiChange[], base: PublishedApi, head: PublishedApi): string {
  const counts = (api: PublishedApi) =>
    `${api.launches.size} launches (${api.upcomingLaunches.size} upcoming, ${api.previousLaunches.size} previous), ${api.events.size} events`;
  const lines = [
    '### What this change does to the published API',
    '',
    `- base: ${counts(base)}`,
    `- head: ${counts(head)}`,
    '',
  ];
  if (changes.length === 0) return [...lines, 'No launch or event changes.', ''].join('\n');
  lines.push('| | record | change |', '|---|---|---|');
  for (const c of changes)
    lines.push(`| ${c.kind} | ${c.name.replace(/\|/g, '\\|')} (\`${c.id}\`) | ${c.what.replace(/\|/g, '\\|')} |`);
  return [...lines, ''].join('\n');
}
