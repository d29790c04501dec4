// What an import did, for people: what it read, created, changed, kept, changed
// to fit our schema, dropped, and which LL2 fields our data model does not carry.

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
  /** Records or links that could not be imported, and why. */
  dropped: string[];
  /** Input problems (not LL2 objects, unreadable files). */
  problems: string[];
  /** LL2 fields our data model does not carry: path → number of records that had them. */
  skipped: Map<string, number>;
  /** LL2 fields the build computes itself (urls, response modes, launch counters): path → records. */
  derived: Map<string, number>;
}

export function emptyReport(): ImportReport {
  return {
    inputs: [], created: [], updated: [], unchanged: [], keptOlder: [], referenceAdded: [], referenceUpdated: [], matched: [],
    normalised: [], dropped: [], problems: [], skipped: new Map(), derived: new Map(),
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

export function formatImportReport(report: ImportReport, verbose = false): string[] {
  const lines: string[] = [];
  const section = (title: string, items: readonly string[], always = false) => {
    if (items.length === 0 && !always) return;
    lines.push(`${title}:`);
    for (const item of items) lines.push(`  ${item}`);
  };
  section('read', report.inputs, true);
  section('problems', report.problems);
  lines.push(
    `records: ${report.created.length} created, ${report.updated.length} updated, ${report.unchanged.length} unchanged, ` +
    `${report.keptOlder.length} kept (incoming not newer)`,
  );
  for (const line of report.created) lines.push(`  created ${line}`);
  for (const line of report.updated) lines.push(`  updated ${line}`);
  if (verbose) for (const line of report.unchanged) lines.push(`  unchanged ${line}`);
  for (const line of report.keptOlder) lines.push(`  kept ${line}`);
  lines.push(`reference data: ${report.referenceAdded.length} added, ${report.referenceUpdated.length} updated`);
  const added = new Map<string, string[]>();
  for (const ref of report.referenceAdded) {
    const [kind, key] = ref.split('/');
    added.set(kind, [...(added.get(kind) ?? []), key]);
  }
  for (const [kind, keys] of added) lines.push(`  added ${kind}: ${keys.join(', ')}`);
  for (const line of report.referenceUpdated) lines.push(`  updated ${line}`);
  for (const line of report.matched) lines.push(`  matched ${line}`);
  section('normalised to fit our schema', report.normalised);
  section('dropped', report.dropped);
  const skipped = [...report.skipped].sort(([a], [b]) => (a < b ? -1 : 1));
  if (skipped.length === 0) lines.push('skipped: none (every input field is carried by the data model)');
  for (const [path, n] of skipped) lines.push(`skipped: ${path} (${plural(n, 'record')})`);
  const derived = [...foldDerived(report.derived)].sort(([a], [b]) => (a < b ? -1 : 1));
  if (derived.length > 0) {
    lines.push(`derived, not stored (the build computes them): ${derived.map(([p, n]) => `${p} (${n})`).join(', ')}`);
  }
  return lines;
}
