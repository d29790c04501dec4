// The query index files an edge bundle holds in its own code (query/held-index.ts
// reads them): the small files a first query would otherwise read over HTTP (the
// head, the reference tables, the reference kinds' parts, the column files (the
// events' and launches' ids and numbers, each reference kind's ordering ranks), the
// search files, the events' parts), in that order of need, as many as fit
// HELD_INDEX_CHARS; identical files are held once. In: the build's index files and
// a host's bundle (Cloudflare's `_worker.js`, edge-worker.ts; the Netlify Edge
// Function, netlify-edge.ts); out: the bundle with the held files declared after
// its banner line, as a planned file whose input key is the tool fingerprint and the
// input keys of the index files it may hold. The choice is made once per build.

import type { BuildContext } from '../api/context.ts';
import { lazyPlannedFile, type PlannedFile } from '../api/files.ts';
import { toolFingerprint } from '../base/tool-identity.ts';
import { ENDPOINTS, TABLES, type TableName } from '../query/endpoints.ts';
import type { HeldFiles } from '../query/held-index.ts';
import {
  columnFile,
  coreColumns,
  LAUNCH_TEXT_COLUMNS,
  partFile,
  RANKS_COLUMN,
  QUERY_INDEX_FILE,
  REFERENCE_FILE,
} from '../query/index-format.ts';
import { isRecordPack } from '../query/record-packs.ts';
import { searchFile } from '../query/search-files.ts';
import { edgeIndexFiles } from './query-index.ts';

/**
 * The most text of index files a bundle holds: Cloudflare's Workers Free plan takes a worker of up to 3 MB
 * compressed (these texts compress about four to one) whose global scope runs within 1 s (decoding 4 MB of
 * JSON takes about 50 ms); and the rest of its 128 MB is the record packs' and the decoded index's.
 */
export const HELD_INDEX_CHARS = 4 * 1024 * 1024;

/** The name the bundles' code reads the held files by (query/cloudflare-worker.ts, query/netlify-edge-function.ts). */
const HELD_NAME = 'HELD_QUERY_INDEX';

/**
 * How soon a first query needs an index file, or undefined for those a worker never holds (record packs, the
 * launches' parts, 1.6 MB which no launch filter or ordering reads, and their text column files,
 * LAUNCH_TEXT_COLUMNS, and their ranks by name and by id). The events'
 * parts come last: their column files serve their orderings and number filters, the parts only a filter on a slug
 * or a video (4 kB on the real data, 948 kB for 10,000 events). A resource's parts are held all or none (`group`):
 * its rows are decoded from all of them at once.
 */
export function heldRank(path: string): { rank: number; group: string } | undefined {
  if (path === QUERY_INDEX_FILE) return { rank: 0, group: path };
  if (path === REFERENCE_FILE) return { rank: 1, group: path };
  if (isRecordPack(path)) return undefined;
  const names = Object.keys(TABLES) as TableName[];
  for (const name of names) {
    const columns = coreColumns(name);
    const column = columns.findIndex((c) => columnFile(name, c) === path);
    // The launches' texts (slugs, names, designators) are read from the tree when a filter asks for them, and so are
    // their ranks by name and by id, which only those rare orderings read.
    if (column >= 0 && name === 'launches' && [...LAUNCH_TEXT_COLUMNS, RANKS_COLUMN].includes(columns[column]))
      return undefined;
    // A reference kind's ranks (its one column file) beside its parts: an ordering by one of its fields reads them.
    if (column >= 0) return { rank: name === 'launches' ? 3 + column / columns.length : 2.5, group: path };
    const prefix = partFile(name, 0).slice(0, -'0.json'.length);
    if (name !== 'launches' && path.startsWith(prefix) && /^\d+\.json$/.test(path.slice(prefix.length)))
      return { rank: name === 'events' ? 6 : 2, group: `${name} parts` };
  }
  for (const [listPath, endpoint] of ENDPOINTS) {
    const name = endpoint.route.resource;
    // The launches' search files last: they are the largest, and identical for the lists of the same launches.
    if (endpoint.search.length && searchFile(name, listPath) === path)
      return { rank: name === 'launches' ? 5 : 4, group: path };
  }
  return undefined;
}

/** The files a worker holds: by rank (then path), a group whole or not at all, a text identical to one held costing nothing. */
export function chooseHeld(files: ReadonlyArray<{ path: string; text: string }>, budget: number): HeldFiles {
  const groups = new Map<string, { rank: number; files: Array<{ path: string; text: string }> }>();
  for (const file of files) {
    const rank = heldRank(file.path);
    if (!rank) continue;
    const group = groups.get(rank.group) ?? { rank: rank.rank, files: [] };
    group.files.push(file);
    groups.set(rank.group, group);
  }
  const byText = new Map<string, string[]>();
  let used = 0;
  const ordered = [...groups].sort(([a, x], [b, y]) => x.rank - y.rank || (a < b ? -1 : a > b ? 1 : 0));
  for (const [, group] of ordered) {
    const added = new Set(group.files.map((f) => f.text).filter((text) => !byText.has(text)));
    const size = [...added].reduce((sum, text) => sum + text.length, 0);
    if (used + size > budget) continue;
    used += size;
    for (const file of [...group.files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
      const paths = byText.get(file.text) ?? [];
      paths.push(file.path);
      byText.set(file.text, paths);
    }
  }
  return [...byText].map(([text, paths]) => [paths, text] as const);
}

/** A bundle's text: its banner line, the held files' declaration, then the rest of its code. */
export function withHeldIndex(bundle: string, held: HeldFiles): string {
  const banner = bundle.indexOf('\n') + 1;
  const declaration = `const ${HELD_NAME} = [\n${held.map(([paths, text]) => `[${JSON.stringify(paths)}, ${JSON.stringify(text)}]`).join(',\n')}\n];\n`;
  return `${bundle.slice(0, banner)}${declaration}${bundle.slice(banner)}`;
}

/** The files a build's bundles hold, chosen once per build (both hosts hold the same). */
const heldOfBuild = new WeakMap<BuildContext, HeldFiles>();

/** A bundle of the build holding the index files that fit: `text` makes the file's text from them. */
export function plannedHeldBundle(
  context: BuildContext,
  file: string,
  label: string,
  text: (held: HeldFiles) => string,
): PlannedFile {
  const candidates = edgeIndexFiles(context).filter((candidate) => heldRank(candidate.path));
  const inputs = `${label} ${toolFingerprint()} holding up to ${HELD_INDEX_CHARS}\n${candidates.map((candidate) => `${candidate.path} ${candidate.key ?? candidate.fingerprint}`).join('\n')}`;
  return lazyPlannedFile(file, inputs, () => {
    let held = heldOfBuild.get(context);
    if (!held) {
      held = chooseHeld(
        candidates.map((candidate) => ({ path: candidate.path, text: String(candidate.render()) })),
        HELD_INDEX_CHARS,
      );
      heldOfBuild.set(context, held);
    }
    return text(held);
  });
}
