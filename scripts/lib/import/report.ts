// What an import did, for people: what it read, created, changed, kept, changed
// to fit our schema, dropped, what it converted from LL2 2.2.0, what it had to
// assume, which launches of ours it matched, which LL2 fields our data model
// does not carry, and (apart, always shown) the values shortened or left out to
// fit our schema, by record and field. Long lists are cut to a few lines (all
// with --verbose): an import of 7,000 launches stays readable. Every line is
// printable (base/outside-text.ts): LL2's names and slugs are escaped.

import { printableLine } from '../base/outside-text.ts';

export interface ImportReport {
  /** One line per input: `file.json: page of 2 launches (normal)`. */
  inputs: string[];
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Records whose incoming `last_updated` is older than ours: left as they are. */
  keptOlder: string[];
  referenceAdded: string[];
  referenceUpdated: string[];
  /** Existing records matched without an LL2 id match (our own id where LL2's was not known); they take LL2's id. */
  matched: string[];
  /** Values changed to fit our schema (shortened text, invalid URLs, …). */
  normalised: string[];
  /** Of those, the changes that lost some of LL2's content (text shortened, items cut, a value left out), by record and field. */
  trimmed: string[];
  /** Records or links that could not be imported, and why. */
  dropped: string[];
  /** Input problems (not LL2 objects, unreadable files). */
  problems: string[];
  /** LL2 fields our data model does not carry: path → number of records that had them. */
  skipped: Map<string, number>;
  /** LL2 fields the build computes itself (urls, response modes, launch counters): path → records. */
  derived: Map<string, number>;
  /** LL2 2.2.0 shapes read as 2.3.0: conversion → times. */
  converted: Map<string, number>;
  /** Values the importer supplied (the field and why) → how many records, and the first few. */
  assumed: Map<string, { count: number; examples: string[] }>;
  /** Launches of ours matched (or not) to LL2 records by their facts, and events whose links followed. */
  curated: string[];
}

const EXAMPLES = 3;

export function countAssumption(report: ImportReport, what: string, example: string): void {
  const entry = report.assumed.get(what) ?? { count: 0, examples: [] };
  entry.count++;
  if (entry.examples.length < EXAMPLES) entry.examples.push(example);
  report.assumed.set(what, entry);
}

export function emptyReport(): ImportReport {
  return {
    inputs: [],
    created: [],
    updated: [],
    unchanged: [],
    keptOlder: [],
    referenceAdded: [],
    referenceUpdated: [],
    matched: [],
    normalised: [],
    trimmed: [],
    dropped: [],
    problems: [],
    skipped: new Map(),
    derived: new Map(),
    converted: new Map(),
    assumed: new Map(),
    curated: [],
  };
}

export function countPaths(counts: Map<string, number>, prefix: string, paths: readonly string[]): void {
  for (const path of paths) {
    const key = `${prefix}.${path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `launch.pad.location.url` and the like, folded to `launch.**.url` so the summary stays short. */
function foldDerived(derived: Map<string, number>): Map<string, number> {
  const folded = new Map<string, number>();
  for (const [path, n] of derived) {
    const last = path.slice(path.lastIndexOf('.') + 1);
    const key = last === 'url' || last === 'response_mode' ? `${path.slice(0, path.indexOf('.'))}.**.${last}` : path;
    folded.set(key, Math.max(folded.get(key) ?? 0, n));
  }
  return folded;
}

/** Lines a section shows without --verbose. */
const SHOWN = 20;

/**
 * The values shortened or left out to fit our schema, by record and field, up to
 * 100 of them: a summary never leaves them out (the sync's prints these alone).
 */
export function formatTrimmed(report: ImportReport, verbose = false): string[] {
  if (report.trimmed.length === 0) return [];
  const shown = verbose ? report.trimmed : report.trimmed.slice(0, 100);
  const lines = [
    `TRIMMED: ${report.trimmed.length} value(s) LL2 sent were shortened or left out to fit our schema (the record keeps the rest):`,
    ...shown.map((t) => `  ${t}`),
  ];
  if (shown.length < report.trimmed.length)
    lines.push(`  … and ${report.trimmed.length - shown.length} more (--verbose lists them all)`);
  return lines.map(printableLine);
}

export function formatImportReport(report: ImportReport, verbose = false): string[] {
  const lines: string[] = [];
  const cut = (items: readonly string[], prefix: string, limit = SHOWN) => {
    const shown = verbose ? items : items.slice(0, limit);
    for (const item of shown) lines.push(`  ${prefix}${item}`);
    if (shown.length < items.length)
      lines.push(`  … and ${items.length - shown.length} more (--verbose lists them all)`);
  };
  const section = (title: string, items: readonly string[], always = false, limit = SHOWN) => {
    if (items.length === 0 && !always) return;
    lines.push(`${title}:`);
    cut(items, '', limit);
  };
  section('read', report.inputs, true, Infinity);
  section('problems', report.problems);
  lines.push(
    `records: ${report.created.length} created, ${report.updated.length} updated, ${report.unchanged.length} unchanged, ` +
      `${report.keptOlder.length} kept (incoming not newer)`,
  );
  cut(report.created, 'created ');
  cut(report.updated, 'updated ');
  if (verbose) cut(report.unchanged, 'unchanged ');
  cut(report.keptOlder, 'kept ');
  lines.push(`reference data: ${report.referenceAdded.length} added, ${report.referenceUpdated.length} updated`);
  const added = new Map<string, string[]>();
  for (const ref of report.referenceAdded) {
    const [kind, key] = ref.split('/');
    added.set(kind, [...(added.get(kind) ?? []), key]);
  }
  for (const [kind, keys] of added) {
    const shown = verbose ? keys : keys.slice(0, SHOWN);
    lines.push(`  added ${kind} (${keys.length}): ${shown.join(', ')}${shown.length < keys.length ? ', …' : ''}`);
  }
  cut(report.referenceUpdated, 'updated ');
  cut(report.matched, 'matched ');
  section('launches of ours matched to LL2 records', report.curated, false, Infinity);
  if (report.converted.size > 0) {
    lines.push('converted from LL2 2.2.0 shapes:');
    for (const [what, n] of [...report.converted].sort(([a], [b]) => (a < b ? -1 : 1))) lines.push(`  ${what}: ${n}`);
  }
  if (report.assumed.size > 0) {
    lines.push('assumed or derived (each record says so in its provenance; reference ids of ours in a comment):');
    for (const [what, { count, examples }] of [...report.assumed].sort(([a], [b]) => (a < b ? -1 : 1))) {
      lines.push(`  ${what}: ${plural(count, 'record')}, e.g. ${examples.join(', ')}`);
    }
  }
  lines.push(...formatTrimmed(report, verbose));
  section('normalised to fit our schema', report.normalised);
  section('dropped', report.dropped, false, 100);
  const skipped = [...report.skipped].sort(([a], [b]) => (a < b ? -1 : 1));
  if (skipped.length === 0) lines.push('skipped: none (every input field is carried by the data model)');
  for (const [path, n] of skipped) lines.push(`skipped: ${path} (${plural(n, 'record')})`);
  const derived = [...foldDerived(report.derived)].sort(([a], [b]) => (a < b ? -1 : 1));
  if (derived.length > 0) {
    lines.push(`derived, not stored (the build computes them): ${derived.map(([p, n]) => `${p} (${n})`).join(', ')}`);
  }
  return lines.map(printableLine);
}
