// The records of LL2's reference lists (a saved `agencies/`, `pads/`, `astronauts/`
// … list) into the import state. In: the state and each reference item with its
// origin. Out: each record filed by reference-match.ts (a location's pads with it),
// the astronauts filed as a page of LL2's list of every astronaut (astronaut-list.ts)
// and the stations' `active_expeditions` as expeditions (expeditions.ts), all in
// the state's reference maps; lines in the report.

import type { Json, JsonObject } from '../model/records.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import { fileAstronautList } from './astronaut-list.ts';
import { fileExpeditionList } from './expeditions.ts';
import { FieldUse } from './fields.ts';
import type { Origin } from './provenance.ts';
import { clean, upgrade } from './records.ts';
import { referenceContext } from './reference-match.ts';
import { countPaths } from './report.ts';
import { isPoorerVersion } from './richer.ts';
import { isObject } from './schema-walk.ts';
import type { ImportState, SourcedItem } from './state.ts';

/** A reference record of an LL2 reference file (agencies, pads, locations with their pads, configurations, …). */
export function importReferenceItem(s: ImportState, item: SourcedItem): void {
  const kind = item.referenceKind!;
  const label = `${kind} ${String(item.value.name ?? item.value.id)}`;
  if (kind === 'astronauts') {
    s.astronautItems.push({ ...item, value: clean(s, item.value, label) });
    return;
  }
  if (kind === 'spaceStations' && Array.isArray(item.value.active_expeditions)) {
    const spacestation = { id: item.value.id, name: item.value.name };
    for (const expedition of item.value.active_expeditions) {
      if (isObject(expedition))
        s.expeditionItems.push({ value: { crew: [], ...expedition, spacestation }, origin: item.origin });
    }
  }
  const value = upgrade(s, clean(s, item.value, label), kind, label);
  const use = new FieldUse();
  const ctx = referenceContext(s, use, label, item.origin.savedAt, isPoorerVersion(item.origin.version), item.origin);
  if (kind === 'locations' && Array.isArray(value.pads)) {
    // A location lists its pads, which do not repeat their location: each pad is filed with it.
    const { pads, ...location } = value;
    (pads as Json[]).forEach((pad, i) => {
      if (isObject(pad)) ctx.ref('pads', { ...pad, location } as JsonObject, `pads[${i}]`);
      else s.report.dropped.push(`${item.source}: pads[${i}] is not a pad; left out`);
    });
    ctx.ref(kind, location, '');
  } else {
    ctx.ref(kind, value, '');
  }
  const fields = use.classify(value);
  countPaths(s.report.skipped, kind, fields.skipped);
  countPaths(s.report.derived, kind, fields.derived);
}

/**
 * The astronauts of LL2's lists (astronaut-list.ts, as a page of LL2's list of every
 * astronaut: a null never replaces a value we hold; a record whose last flight is
 * later than the list keeps what it has and gains only what it lacks), then the
 * expeditions the stations list as under way at the file's save date
 * (expeditions.ts: start and end as LL2 states them, the end never assumed).
 */
export function fileLists(s: ImportState): void {
  const byOrigin = new Map<Origin, JsonObject[]>();
  for (const item of s.astronautItems) byOrigin.set(item.origin, [...(byOrigin.get(item.origin) ?? []), item.value]);
  for (const [origin, list] of byOrigin) {
    const statedAt = origin.savedAt ?? formatTimestamp(s.options.now);
    const filed = fileAstronautList(
      list,
      {
        countries: s.reference.countries,
        agencies: s.reference.agencies,
        astronauts: s.reference.astronauts,
      },
      {
        complete: false,
        fetchedAt: statedAt,
        version: origin.version,
        page: true,
        savedBy: origin.savedBy,
        statedAt,
      },
    );
    s.reference.astronauts = filed.astronauts;
    for (const [what, times] of filed.conversions) s.report.normalised.push(`${what}: ${times}`);
  }
  const expeditionsByOrigin = new Map<Origin, JsonObject[]>();
  for (const { value, origin } of s.expeditionItems)
    expeditionsByOrigin.set(origin, [...(expeditionsByOrigin.get(origin) ?? []), value]);
  for (const [origin, list] of expeditionsByOrigin) {
    // Under way when the file was saved, not at the import's clock: an expedition LL2 listed then is a dated fact we keep.
    const at = origin.savedAt === undefined ? s.options.now : toMillis(origin.savedAt);
    const filed = fileExpeditionList(
      list,
      { ...s.reference, spaceStations: s.reference.spaceStations, expeditions: s.reference.expeditions },
      { now: at, version: origin.version, savedBy: origin.savedBy },
    );
    s.reference.expeditions = filed.expeditions;
    s.reference.astronauts = filed.astronauts;
    for (const why of filed.leftOut) s.report.dropped.push(`expedition ${why}`);
  }
}
