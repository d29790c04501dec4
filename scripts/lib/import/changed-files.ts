// The files an import writes. In: the import state, made whole (finish.ts). Out:
// each launch and event file that changed (an existing file updated in place,
// keeping its comments; a new one at a path no other record holds) and each
// reference file whose records changed (entry by entry when the file is in
// canonical form: splice.ts), and the report's created, updated, unchanged and
// reference lines. Pure: contents go out, nothing is written here.

import { eventSchema, launchSchema } from '../../schemas/data-files.ts';
import type { JsonObject } from '../model/records.ts';
import { KINDS, refId } from './identity.ts';
import { OUR_FIRST_ID, OUR_ID_COMMENT } from './keys.ts';
import { changedPaths, deepEqual } from './schema-walk.ts';
import { spliceKeyedYaml } from './splice.ts';
import type { ImportFile, ImportState } from './state.ts';
import {
  canonicalEvent,
  canonicalLaunch,
  canonicalReference,
  eventFilePath,
  launchFilePath,
  referenceFilePath,
  referenceFileSchema,
  referenceFileYaml,
  toYaml,
  updateYaml,
} from './yaml-out.ts';

export function changedFiles(s: ImportState): ImportFile[] {
  const files: ImportFile[] = [];
  const taken = new Set(s.existing.paths);
  const place = (preferred: (suffix: string) => string, id: string): string => {
    let path = preferred('');
    if (taken.has(path)) path = preferred(`-${id}`);
    taken.add(path);
    return path;
  };
  for (const id of [...s.touchedLaunches].sort()) {
    const entry = s.launches.get(id)!;
    const original = s.originalLaunches.get(id);
    const after = canonicalLaunch(entry.record);
    const label = `launch ${String(after.slug)} (${id})`;
    if (original && deepEqual(canonicalLaunch(original.record), after)) {
      s.report.unchanged.push(label);
      continue;
    }
    const path =
      original?.path ?? place((s) => launchFilePath(after as { net: string; slug: string }, s), id.slice(0, 8));
    files.push({
      path,
      content: original?.doc
        ? updateYaml(original.doc, canonicalLaunch(original.record), after, launchSchema)
        : toYaml(after, launchSchema),
    });
    if (original)
      s.report.updated.push(`${label}: ${changedPaths(canonicalLaunch(original.record), after).join(', ')}`);
    else s.report.created.push(`${label} → ${path}`);
  }
  for (const id of [...s.touchedEvents].sort((a, b) => a - b)) {
    const entry = s.events.get(id)!;
    const original = s.originalEvents.get(id);
    const after = canonicalEvent(entry.record);
    const label = `event ${String(after.slug)} (${id})`;
    if (original && deepEqual(canonicalEvent(original.record), after)) {
      s.report.unchanged.push(label);
      continue;
    }
    const path =
      original?.path ?? place((s) => eventFilePath(after as { date: string | null; slug: string }, s), String(id));
    files.push({
      path,
      content: original?.doc
        ? updateYaml(original.doc, canonicalEvent(original.record), after, eventSchema)
        : toYaml(after, eventSchema),
    });
    if (original) s.report.updated.push(`${label}: ${changedPaths(canonicalEvent(original.record), after).join(', ')}`);
    else s.report.created.push(`${label} → ${path}`);
  }
  for (const kind of KINDS) {
    const before = s.existing.reference[kind];
    const after = s.reference[kind];
    let changed = false;
    // The keys whose record changed, added ones in the order a whole rewrite adds them, and their canonical records.
    const touched: string[] = [];
    const canonicalBefore = new Map<string, JsonObject>();
    const canonicalAfter = new Map<string, JsonObject>();
    for (const [key, record] of after) {
      const previous = before.get(key);
      // The very object read from the file: untouched (the importer replaces records, never edits them in place).
      if (previous === record) continue;
      const canonical = canonicalReference(kind, record);
      if (!previous) {
        s.report.referenceAdded.push(refId(kind, key));
        changed = true;
      } else if (!deepEqual(canonicalReference(kind, previous), canonical)) {
        s.report.referenceUpdated.push(
          `${refId(kind, key)}: ${changedPaths(canonicalReference(kind, previous), canonical, 1).join(', ')}`,
        );
        changed = true;
      } else continue;
      touched.push(key);
      canonicalAfter.set(key, canonical);
      if (previous) canonicalBefore.set(key, canonicalReference(kind, previous));
    }
    for (const [key, previous] of before) {
      if (after.has(key)) continue;
      touched.push(key);
      canonicalBefore.set(key, canonicalReference(kind, previous));
    }
    if (!changed) continue;
    const canonicalAll = (records: Map<string, JsonObject>) =>
      Object.fromEntries([...records].map(([k, r]) => [k, canonicalReference(kind, r)]));
    const comments = new Map(
      [...after.keys()].filter((key) => s.ourIds.has(refId(kind, key))).map((key) => [key, OUR_ID_COMMENT]),
    );
    // A record of ours that took LL2's id no longer has an id of ours.
    const isOurs = (record: JsonObject | undefined) => typeof record?.id === 'number' && record.id >= OUR_FIRST_ID;
    const stale = new Map(
      [...after]
        .filter(([key, record]) => isOurs(before.get(key)) && !isOurs(record))
        .map(([key]) => [key, OUR_ID_COMMENT]),
    );
    const path = s.existing.referencePaths[kind] ?? referenceFilePath(kind);
    // A file in canonical form: only the entries that changed are written (splice.ts), the same bytes as a whole rewrite.
    const text = s.existing.referencePaths[kind] === undefined ? undefined : s.existing.referenceTexts?.[kind];
    const spliced =
      text === undefined
        ? undefined
        : spliceKeyedYaml(text, touched, canonicalBefore, canonicalAfter, referenceFileSchema(kind), comments, stale);
    if (spliced) {
      files.push({ path, content: spliced.content, entries: { keys: spliced.keys, written: spliced.entries } });
      continue;
    }
    const doc = s.existing.referenceDocs?.[kind];
    files.push({
      path,
      content: doc
        ? updateYaml(doc, canonicalAll(before), canonicalAll(after), referenceFileSchema(kind), comments, stale)
        : referenceFileYaml(kind, after, comments),
    });
  }
  return files;
}
