// The change feeds (docs/history.md): the changes of change-items.ts for everything
// and for each launch service provider (as the calendars are), in JSON Feed 1.1
// and Atom 1.0, and the index of the feeds; and where every file of the histories
// and feeds is published (CHANGE_PATHS). In: the build context (its items, the
// base URL); out: the feeds' bodies. `updated` times come from the changes, never
// from the build; the same data and clock give the same bytes.

import type { BuildContext } from '../api/context.ts';
import { API_VERSION } from '../api/paths.ts';
import { DATA_CREDIT } from '../model/credit.ts';
import { sightings } from '../model/history.ts';
import type { JsonObject } from '../model/records.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import { providers } from './calendars.ts';
import { FEED_DAYS, recentChanges, TAG, type ChangeItem } from './change-items.ts';
import { launchPagePath } from './page/paths.ts';

/** Where the histories and the feeds are published, under the API root. */
export const CHANGE_PATHS = {
  index: 'changes/index.json',
  json: 'changes/feed.json',
  atom: 'changes/feed.atom',
  providerJson: (agencyId: number) => `changes/providers/${agencyId}.json`,
  providerAtom: (agencyId: number) => `changes/providers/${agencyId}.atom`,
  historyIndex: 'history/index.json',
  history: (launchId: string) => `history/${launchId}.json`,
} as const;

export interface FeedScope {
  path: { json: string; atom: string };
  title: string;
  items: ChangeItem[];
  agency: { id: number; name: string } | null;
  /** The newest change of any history in the scope (the feed's `updated` when it has no entry). */
  newest: number;
}

const scopeCache = new WeakMap<BuildContext, FeedScope[]>();

/**
 * The feed of everything, then one feed per provider (calendars.ts providers), each with its items and newest change.
 * Made in one pass over the launches, the histories and the items (a provider's are found by its key, not by a walk
 * of everything per provider: with 349 providers that walk made a 20,000-launch build's four calls cost 3.6 s of CPU,
 * and grew with launches times providers), once per build context.
 */
export function scopes(context: BuildContext): FeedScope[] {
  const cached = scopeCache.get(context);
  if (cached) return cached;
  const items = recentChanges(context);
  const providerOf = new Map(context.data.launches.map((l) => [l.id, l.launch_service_provider]));
  // The newest sighting at or before the clock, of every history and of each provider's.
  let newestOfAll = 0;
  const newestBy = new Map<string, number>();
  for (const [id, h] of context.data.history ?? []) {
    let newest = 0;
    for (const s of sightings(h)) {
      const t = toMillis(s.seen);
      if (t <= context.now && t > newest) newest = t;
    }
    if (newest > newestOfAll) newestOfAll = newest;
    const key = providerOf.get(id);
    if (key !== undefined && newest > (newestBy.get(key) ?? 0)) newestBy.set(key, newest);
  }
  const itemsBy = new Map<string, ChangeItem[]>();
  for (const item of items) {
    const key = providerOf.get(item.launch.id);
    if (key === undefined) continue;
    const list = itemsBy.get(key);
    if (list) list.push(item);
    else itemsBy.set(key, [item]);
  }
  const made: FeedScope[] = [
    {
      path: { json: CHANGE_PATHS.json, atom: CHANGE_PATHS.atom },
      title: 'Launch schedule changes',
      items,
      agency: null,
      newest: newestOfAll,
    },
    ...providers(context).map(({ key, id, name: agencyName }) => ({
      path: { json: CHANGE_PATHS.providerJson(id), atom: CHANGE_PATHS.providerAtom(id) },
      title: `Launch schedule changes: ${agencyName}`,
      items: itemsBy.get(key) ?? [],
      agency: { id, name: agencyName },
      newest: newestBy.get(key) ?? 0,
    })),
  ];
  scopeCache.set(context, made);
  return made;
}

const siteUrl = (context: BuildContext): string =>
  context.baseUrl.replace(new RegExp(`${API_VERSION.replace(/\./g, '\\.')}/$`), '');
const DESCRIPTION = `Each change of a launch's NET, window, NET precision, status, probability, pad, rocket or name over the ${FEED_DAYS} days before the build, newest first. Data: ${DATA_CREDIT.name}.`;

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of a scope. */
export function jsonFeed(context: BuildContext, scope: FeedScope): JsonObject {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: scope.title,
    home_page_url: siteUrl(context),
    feed_url: `${context.baseUrl}${scope.path.json}`,
    description: DESCRIPTION,
    authors: [{ name: `Launch Schedule Service; data: ${DATA_CREDIT.name}`, url: DATA_CREDIT.url }],
    language: 'en',
    items: scope.items.map((item) => ({
      id: item.id,
      ...(item.published
        ? {
            url: `${siteUrl(context)}${launchPagePath(item.launch.slug)}`,
            external_url: `${context.baseUrl}launches/${item.launch.id}/`,
          }
        : {}),
      title: item.title,
      content_text: item.text,
      date_published: formatTimestamp(item.seen),
      date_modified: formatTimestamp(item.seen),
      tags: item.kinds,
      _launch_schedule: {
        launch_id: item.launch.id,
        history_url: item.published ? `${context.baseUrl}${CHANGE_PATHS.history(item.launch.id)}` : null,
        source: item.source,
        changes: item.changes as unknown as JsonObject,
        net_shift_seconds: item.netShiftSeconds,
      },
    })),
  };
}

const xml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 forbids: dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** Atom 1.0 (RFC 4287) of a scope. */
export function atomFeed(context: BuildContext, scope: FeedScope): string {
  const updated = formatTimestamp(scope.items[0]?.seen ?? scope.newest);
  const entries = scope.items.map((item) =>
    [
      '  <entry>',
      `    <id>${xml(item.id)}</id>`,
      `    <title>${xml(item.title)}</title>`,
      `    <updated>${formatTimestamp(item.seen)}</updated>`,
      ...(item.published
        ? [
            `    <link rel="alternate" type="text/html" href="${xml(`${siteUrl(context)}${launchPagePath(item.launch.slug)}`)}"/>`,
            `    <link rel="related" type="application/json" href="${xml(`${context.baseUrl}${CHANGE_PATHS.history(item.launch.id)}`)}"/>`,
          ]
        : []),
      ...item.kinds.map((k) => `    <category term="${k}"/>`),
      `    <content type="text">${xml(item.text)}</content>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${TAG}changes/${scope.agency ? `provider/${scope.agency.id}` : 'all'}</id>`,
    `  <title>${xml(scope.title)}</title>`,
    `  <subtitle>${xml(DESCRIPTION)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(`${context.baseUrl}${scope.path.atom}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(siteUrl(context))}"/>`,
    `  <author><name>Launch Schedule Service</name></author>`,
    `  <rights>${xml(`Data: ${DATA_CREDIT.name} (${DATA_CREDIT.url})`)}</rights>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** The body of `changes/index.json`: every feed with its URLs and entry count. */
export function changesIndex(context: BuildContext): JsonObject {
  const all = scopes(context);
  return {
    count: all.length,
    days: FEED_DAYS,
    results: all.map((s) => ({
      title: s.title,
      json_feed: `${context.baseUrl}${s.path.json}`,
      atom: `${context.baseUrl}${s.path.atom}`,
      entry_count: s.items.length,
      agency: s.agency,
    })),
  };
}
