// The launches' histories published beside the API (docs/history.md), never
// inside LL2's objects: `history/<uuid>.json` for each launch that has a history,
// `history/index.json` listing them, and a change feed of the schedule over the
// 30 days before the build clock, newest first, in JSON Feed 1.1 and Atom 1.0,
// for everything and for each launch service provider (as the calendars are); the
// launches the sync deleted (data/ll2-sync.yaml `removed`) are entries of the first.
// In: the build context (its data's histories and clock, the base URL). Out: the
// files. Entry ids come from the launch id, the change and its time; `updated`
// times from the changes, never from the build; the same data and clock give
// the same bytes.

import path from 'node:path';
import type { BuildContext } from '../api/context.ts';
import { apiFile, lazyPlannedFile, type OutputFile, type PlannedFile } from '../api/files.ts';
import { API_VERSION } from '../api/paths.ts';
import {
  HISTORY_FIELDS,
  lastHeardOf,
  sightings,
  type FirstSeen,
  type HistoryChange,
  type HistoryField,
  type HistoryValue,
  type LaunchHistory,
} from '../model/history.ts';
import type { JsonObject, LaunchRecord } from '../model/records.ts';
import { DATA_CREDIT } from '../model/credit.ts';
import { DAY_MS, formatTimestamp, toMillis } from '../model/time.ts';
import { providers } from './calendars.ts';
import { pageCore } from './page/assets.ts';
import { launchPagePath } from './page/paths.ts';

export const FEED_DAYS = 30;
export const CHANGE_PATHS = {
  index: 'changes/index.json',
  json: 'changes/feed.json',
  atom: 'changes/feed.atom',
  providerJson: (agencyId: number) => `changes/providers/${agencyId}.json`,
  providerAtom: (agencyId: number) => `changes/providers/${agencyId}.atom`,
  historyIndex: 'history/index.json',
  history: (launchId: string) => `history/${launchId}.json`,
} as const;

/** The tag URIs' authority (RFC 4151): fixed, so ids never change with the host or the build. */
const TAG = 'tag:launch-schedule-service,2026:';

export type ChangeKind = 'new' | 'net' | 'window' | 'precision' | 'status' | 'outcome' | 'details' | 'gone';

export interface ChangeItem {
  /** Stable: launch id, the fields changed and the time seen. */
  id: string;
  launch: { id: string; name: string; slug: string };
  /** Whether the launch's page, detail and history are published: not for a launch gone from LL2's list. */
  published: boolean;
  seen: number;
  kinds: ChangeKind[];
  title: string;
  text: string;
  /** The fields changed as `[before, after]` (a first sighting: `[null, value]`). */
  changes: Partial<Record<HistoryField, [HistoryValue, HistoryValue]>>;
  /** How far the NET moved, in seconds (later is positive), when it did. */
  netShiftSeconds: number | null;
  source: string;
}

/** A shift of the NET for people: "+2 d 3 h", "−45 min" (the pages' own wording, browser/core.js). */
export const describeShift = (seconds: number): string => pageCore().shiftText(seconds);

const name = (context: BuildContext, kind: 'launchStatuses' | 'netPrecisions', key: HistoryValue): string =>
  typeof key === 'string' ? String(context.data.reference[kind].get(key)?.name ?? key) : 'not stated';

/** LL2's status ids of an outcome: success, failure, partial failure, payload deployed. */
const OUTCOME_STATUS_IDS = new Set([3, 4, 7, 9]);
const isFlown = (context: BuildContext, key: HistoryValue): boolean =>
  typeof key === 'string' && OUTCOME_STATUS_IDS.has(Number(context.data.reference.launchStatuses.get(key)?.id));

const shown = (value: HistoryValue): string => (value === null ? 'not stated' : String(value));

function itemOf(
  context: BuildContext,
  launch: LaunchRecord,
  sighting: FirstSeen | HistoryChange,
  first: boolean,
): ChangeItem {
  const changes = Object.fromEntries(
    HISTORY_FIELDS.filter((f) => sighting[f] !== undefined).map((f) => [
      f,
      first ? [null, (sighting as FirstSeen)[f] ?? null] : (sighting as HistoryChange)[f]!,
    ]),
  ) as ChangeItem['changes'];
  const kinds: ChangeKind[] = [];
  const lines: string[] = [];
  const net = changes.net;
  const netShiftSeconds =
    !first && net && typeof net[0] === 'string' && typeof net[1] === 'string'
      ? (toMillis(net[1]) - toMillis(net[0])) / 1000
      : null;
  if (first) {
    kinds.push('new');
    lines.push(
      `First seen: NET ${shown(changes.net?.[1] ?? null)} (${name(context, 'netPrecisions', changes.net_precision?.[1] ?? null)}), status ${name(context, 'launchStatuses', changes.status?.[1] ?? null)}`,
    );
  } else {
    if (changes.status) {
      kinds.push(isFlown(context, changes.status[1]) ? 'outcome' : 'status');
      lines.push(
        `Status: ${name(context, 'launchStatuses', changes.status[0])} → ${name(context, 'launchStatuses', changes.status[1])}`,
      );
    }
    if (net) {
      kinds.push('net');
      lines.push(
        `NET moved: ${shown(net[0])} → ${shown(net[1])}${netShiftSeconds !== null ? ` (${describeShift(netShiftSeconds)})` : ''}`,
      );
    }
    if (changes.net_precision) {
      kinds.push('precision');
      lines.push(
        `NET precision: ${name(context, 'netPrecisions', changes.net_precision[0])} → ${name(context, 'netPrecisions', changes.net_precision[1])}`,
      );
    }
    if (changes.window_start || changes.window_end) {
      kinds.push('window');
      for (const f of ['window_start', 'window_end'] as const)
        if (changes[f])
          lines.push(
            `Window ${f === 'window_start' ? 'opens' : 'closes'}: ${shown(changes[f]![0])} → ${shown(changes[f]![1])}`,
          );
    }
    const details = (['name', 'probability', 'pad', 'configuration'] as const).filter((f) => changes[f]);
    if (details.length) kinds.push('details');
    for (const f of details)
      lines.push(
        `${f === 'configuration' ? 'Rocket' : f[0].toUpperCase() + f.slice(1)}: ${shown(changes[f]![0])} → ${shown(changes[f]![1])}`,
      );
  }
  const moved = net ? `NET moved ${netShiftSeconds !== null ? describeShift(netShiftSeconds) : ''}`.trim() : '';
  const now = kinds.includes('status') ? `now ${name(context, 'launchStatuses', changes.status![1])}` : '';
  const head = kinds.includes('outcome')
    ? `Outcome: ${name(context, 'launchStatuses', changes.status![1])}`
    : kinds.includes('new')
      ? 'New in the schedule'
      : moved || now
        ? [moved, now].filter(Boolean).join('; ').replace(/^now/, 'Now')
        : kinds.includes('window') || kinds.includes('precision')
          ? 'Window changed'
          : 'Details changed';
  const source =
    sighting.source === 'll2-list'
      ? `LL2's upcoming list as saved by ${sighting.saved_by ?? 'unknown'}`
      : sighting.source === 'll2-sync'
        ? 'LL2, read by the hourly sync'
        : sighting.source === 'pull-request'
          ? 'a pull request'
          : `the record's source${sighting.saved_by ? ` (${sighting.saved_by})` : ''}`;
  const fields = HISTORY_FIELDS.filter((f) => changes[f] !== undefined).join(',');
  return {
    id: `${TAG}launch/${launch.id}/${first ? 'first-seen' : fields}/${sighting.seen}`,
    launch: { id: launch.id, name: launch.name, slug: launch.slug },
    published: true,
    seen: toMillis(sighting.seen),
    kinds,
    title: `${launch.name}: ${head}`,
    text: [...lines, `Seen ${sighting.seen} in ${source}.`].join('\n'),
    changes,
    netShiftSeconds,
    source: sighting.source,
  };
}

/**
 * The launches the sync deleted (data/ll2-sync.yaml `removed`, docs/sync.md): LL2 answered 404 for their
 * detail, or they were missing from two of its answers hours apart. Their record, page and history are
 * gone with them, so the entry links to none; a provider's feed cannot name them (the record held it).
 */
function goneItems(context: BuildContext): ChangeItem[] {
  return (context.data.ll2Sync?.removed ?? []).map((removed) => ({
    id: `${TAG}launch/${removed.id}/gone/${removed.at}`,
    launch: { id: removed.id, name: removed.name, slug: path.posix.basename(removed.path, '.yaml') },
    published: false,
    seen: toMillis(removed.at),
    kinds: ['gone'],
    title: `${removed.name}: gone from LL2's list`,
    text: [
      removed.reason === 'not-found'
        ? "LL2's detail of this launch answers 404 Not Found."
        : `Missing from LL2's answers since ${removed.missing_since ?? 'an earlier run'}.`,
      `Removed from our data at ${removed.at} by the sync.`,
    ].join('\n'),
    changes: {},
    netShiftSeconds: null,
    source: 'll2-sync',
  }));
}

const itemCache = new WeakMap<BuildContext, ChangeItem[]>();

/** Every change of every history within FEED_DAYS before the clock (none after it), newest first. */
export function recentChanges(context: BuildContext): ChangeItem[] {
  const cached = itemCache.get(context);
  if (cached) return cached;
  const from = context.now - FEED_DAYS * DAY_MS;
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  const items: ChangeItem[] = [];
  for (const [id, history] of context.data.history ?? []) {
    const launch = byId.get(id);
    if (!launch) continue;
    sightings(history).forEach((s, i) => {
      const at = toMillis(s.seen);
      if (at >= from && at <= context.now) items.push(itemOf(context, launch, s, i === 0));
    });
  }
  for (const item of goneItems(context)) if (item.seen >= from && item.seen <= context.now) items.push(item);
  items.sort((a, b) => b.seen - a.seen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  itemCache.set(context, items);
  return items;
}

/** A history as published: the launch it belongs to (our id, the API's URL, its name) and what the file says, with a summary. */
/** When the launch's data last heard from LL2 (model/history.ts lastHeardOf), as a timestamp, or null. */
const heardAt = (launch: LaunchRecord, history: LaunchHistory): string | null => {
  const heard = lastHeardOf(launch, history);
  return heard === null ? null : formatTimestamp(heard);
};

export function historyDocument(context: BuildContext, launch: LaunchRecord, history: LaunchHistory): JsonObject {
  const all = sightings(history);
  const nets = [
    history.first_seen.net ?? null,
    ...(history.changes ?? []).filter((c) => c.net).map((c) => c.net![1]),
  ].filter((n): n is string => typeof n === 'string');
  const wentGo =
    (history.changes ?? []).find((c) => c.status && c.status[1] === 'go')?.seen ??
    (history.first_seen.status === 'go' ? history.first_seen.seen : null);
  return {
    launch: { id: launch.id, name: launch.name, url: `${context.baseUrl}launches/${launch.id}/` },
    summary: {
      first_seen: history.first_seen.seen,
      first_net: nets[0] ?? null,
      net: launch.net,
      slip_seconds: nets.length ? (toMillis(launch.net) - toMillis(nets[0])) / 1000 : null,
      net_changes: (history.changes ?? []).filter((c) => c.net).length,
      went_go: wentGo,
      last_change: all[all.length - 1].seen,
      last_heard_from_ll2: heardAt(launch, history),
    },
    first_seen: history.first_seen as unknown as JsonObject,
    changes: (history.changes ?? []) as unknown as JsonObject[],
    credit: `${DATA_CREDIT.name} (${DATA_CREDIT.url}), as LL2 showed it at each time`,
  };
}

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

/** The body of `history/index.json`: each launch with a history, by id order. */
export function historyIndex(context: BuildContext): JsonObject {
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  const ids = [...(context.data.history?.keys() ?? [])].filter((id) => byId.has(id)).sort();
  return {
    count: ids.length,
    results: ids.map((id) => ({ id, name: byId.get(id)!.name, url: `${context.baseUrl}${CHANGE_PATHS.history(id)}` })),
  };
}

/** Generator: the history documents, their index, the change feeds and theirs. */
export function changeFiles(context: BuildContext): Array<OutputFile | PlannedFile> {
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  const histories = [...(context.data.history ?? [])]
    .filter(([id]) => byId.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    // One file a launch with history; its key is what it reads, so a rebuild rewrites only the launches whose history or record changed.
    ...histories.map(([id, history]) => {
      const launch = byId.get(id)!;
      return lazyPlannedFile(
        `${API_VERSION}/${CHANGE_PATHS.history(id)}`,
        `history:${context.baseUrl}\n${JSON.stringify(history)}\n${launch.name}\n${launch.net}\n${heardAt(launch, history)}`,
        () => `${JSON.stringify(historyDocument(context, launch, history))}\n`,
      );
    }),
    apiFile(CHANGE_PATHS.historyIndex, historyIndex(context)),
    ...scopes(context).flatMap((scope) => [
      apiFile(scope.path.json, jsonFeed(context, scope)),
      { path: `${API_VERSION}/${scope.path.atom}`, content: atomFeed(context, scope) },
    ]),
    apiFile(CHANGE_PATHS.index, changesIndex(context)),
  ];
}
