// Which of our launches a sync looks up by id (docs/sync.md, "Nothing lingering"):
// our launch records, LL2's upcoming list as just received, what else the run
// received, the launches refused before and the clock come in; at most one page
// of LL2 ids goes out. Pure. A launch is looked up when our data and LL2 can no
// longer agree without the feed telling us why:
//   - it would be in LL2's upcoming list (its NET in the list's window, its place
//     before the list's last launch in LL2's order) and LL2 does not list it: LL2
//     moved it beyond the list, or deleted or merged it;
//   - its NET lies more than 24 hours back and it has no outcome (TBD, TBC, Go,
//     Hold, In Flight): it left LL2's list without one reaching us;
//   - an earlier run refused it (the state's `refused`): it is tried again.
// LL2's answer is imported as any other; an id LL2 no longer has is deleted (sync.ts).

import { compareLl2Names } from '../../model/stats.ts';
import { DAY_MS, toMillis } from '../../model/time.ts';
import type { JsonObject } from '../../model/records.ts';
import { LL2_PAGE_LIMIT } from './plan.ts';

/** LL2 status ids that end a launch: success, failure, partial failure, payload deployed. */
const OUTCOME_STATUS_IDS: ReadonlySet<number> = new Set([3, 4, 7, 9]);

export interface LookupInput {
  /** Our launch records as parsed (YAML values). */
  launches: readonly JsonObject[];
  /** Our reference keys to LL2 ids: launch statuses and NET precisions. */
  statusIds: ReadonlyMap<string, number>;
  precisionIds: ReadonlyMap<string, number>;
  /** LL2's upcoming list as received this run (first page), and whether LL2 has more. */
  upcoming: readonly JsonObject[];
  upcomingMore: boolean;
  /** Ids of launches received this run (their version is LL2's of now). */
  received: ReadonlySet<string>;
  /** Ids an earlier run refused. */
  refused: readonly string[];
  now: number;
  limit?: number;
}

const isLl2Record = (record: JsonObject): boolean => {
  const provenance = record.provenance as JsonObject | undefined;
  return (
    typeof provenance?.credit === 'string' &&
    provenance.credit.includes('Launch Library 2') &&
    typeof record.id === 'string'
  );
};

interface Place {
  net: number;
  precision: number;
  name: string;
}

const comparePlaces = (a: Place, b: Place): number =>
  a.net - b.net ||
  (a.precision === b.precision ? 0 : a.precision < b.precision ? -1 : 1) ||
  compareLl2Names(a.name, b.name);

/**
 * `ids` in the order of our launch records' places (NET, precision, name: LL2's
 * order), soonest first; ids without a record of ours after them, as they came.
 * The detail pages of launches missing since the same run are asked for in this
 * order (removal.ts), not in the look-up's (which puts the state's missing ones first, by id).
 */
export function inPlaceOrder(
  ids: readonly string[],
  launches: readonly JsonObject[],
  precisionIds: ReadonlyMap<string, number>,
): string[] {
  const wanted = new Set(ids);
  const places = new Map<string, Place>();
  for (const record of launches) {
    const id = String(record.id);
    if (!wanted.has(id)) continue;
    const precisionKey = typeof record.net_precision === 'string' ? record.net_precision : undefined;
    places.set(id, {
      net: toMillis(String(record.net)),
      precision: precisionKey ? (precisionIds.get(precisionKey) ?? Infinity) : Infinity,
      name: String(record.name),
    });
  }
  const placed = ids.filter((id) => places.has(id) && !Number.isNaN(places.get(id)!.net));
  placed.sort((a, b) => comparePlaces(places.get(a)!, places.get(b)!));
  return [...placed, ...ids.filter((id) => !placed.includes(id))];
}

/** The ids to look up, most urgent first: refused ones, then launches LL2 should list (soonest first), then past ones without an outcome (newest first). */
export function launchesToLookUp(input: LookupInput): string[] {
  const limit = input.limit ?? LL2_PAGE_LIMIT;
  const listed = new Set(input.upcoming.map((l) => String(l.id)));
  const last = input.upcoming[input.upcoming.length - 1];
  const lastPlace: Place | undefined = last && {
    net: toMillis(String(last.net)),
    precision:
      typeof (last.net_precision as JsonObject | null)?.id === 'number'
        ? ((last.net_precision as JsonObject).id as number)
        : Infinity,
    name: String(last.name),
  };
  const windowStart = input.now - DAY_MS;
  const shouldBeListed: Array<{ id: string; place: Place }> = [];
  const noOutcome: Array<{ id: string; net: number }> = [];
  for (const record of input.launches) {
    if (!isLl2Record(record)) continue;
    const id = String(record.id);
    if (input.received.has(id) || listed.has(id)) continue;
    const net = toMillis(String(record.net));
    if (Number.isNaN(net)) continue;
    const precisionKey = typeof record.net_precision === 'string' ? record.net_precision : undefined;
    const place: Place = {
      net,
      precision: precisionKey ? (input.precisionIds.get(precisionKey) ?? Infinity) : Infinity,
      name: String(record.name),
    };
    if (net >= windowStart) {
      if (!input.upcomingMore || (lastPlace && comparePlaces(place, lastPlace) < 0)) shouldBeListed.push({ id, place });
    } else if (!OUTCOME_STATUS_IDS.has(input.statusIds.get(String(record.status)) ?? -1)) {
      noOutcome.push({ id, net });
    }
  }
  shouldBeListed.sort((a, b) => comparePlaces(a.place, b.place));
  noOutcome.sort((a, b) => b.net - a.net || (a.id < b.id ? -1 : 1));
  const ids = [
    ...new Set([
      ...input.refused.filter((id) => !input.received.has(id)),
      ...shouldBeListed.map((l) => l.id),
      ...noOutcome.map((l) => l.id),
    ]),
  ];
  return ids.slice(0, limit);
}
