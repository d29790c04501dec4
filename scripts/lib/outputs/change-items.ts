// What changed in the schedule over the FEED_DAYS days before the build clock,
// as the change feeds' entries: each sighting of a launch's history (its first,
// then each change of its NET, window, precision, status, probability, pad,
// rocket or name), and each launch the sync deleted (data/ll2-sync.yaml
// `removed`). In: the build context (its data's histories and clock); out: the
// items, newest first, with their title and text for people. Entry ids come from
// the launch id, the change and its time, so they never change with the build.
// The feeds that publish them are change-feeds.ts.

import path from 'node:path';
import type { BuildContext } from '../api/context.ts';
import {
  HISTORY_FIELDS,
  sightings,
  type FirstSeen,
  type HistoryChange,
  type HistoryField,
  type HistoryValue,
} from '../model/history.ts';
import type { LaunchRecord } from '../model/records.ts';
import { DAY_MS, toMillis } from '../model/time.ts';
import { pageCore } from './page/assets.ts';

export const FEED_DAYS = 30;

/** The tag URIs' authority (RFC 4151): fixed, so ids never change with the host or the build. */
export const TAG = 'tag:launch-schedule-service,2026:';

type ChangeKind = 'new' | 'net' | 'window' | 'precision' | 'status' | 'outcome' | 'details' | 'gone';

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
