// The engine's code run once before the first request: a handler over a tiny
// index held in memory (two launches, one event, an agency, a pad and a configuration) answers a
// few queries of the shapes clients send most (a page, filters, a search, an
// ordering, every mode, a detail route), and one through the same Request, reader
// and Response a real request goes through. V8 compiles a function when it is first
// called; an edge isolate that runs this at start-up (Cloudflare counts the global
// scope's time as start-up, not as a request's CPU time) has its first request run
// compiled code. Nothing in, their statuses out (the answers are dropped). No I/O:
// the tree's files are in memory.

import { API_VERSION } from '../api/paths.ts';
import { ENDPOINTS, TABLES, type TableName } from './endpoints.ts';
import { fetchAssets } from './fetch-assets.ts';
import { createHandler } from './handler.ts';
import {
  coreColumns,
  columnFile,
  emptyColumns,
  encodeRuns,
  partFile,
  QUERY_INDEX_FILE,
  QUERY_INDEX_FORMAT,
  RANKS_COLUMN,
  REFERENCE_FILE,
  referenceFile,
  rowsHash,
  type QueryIndexHead,
  type ReferenceColumns,
} from './index-format.ts';
import { columnFileText, PART_ROWS, partText } from './part-text.ts';
import { packFile, packText, LAUNCH_PACK_ROWS } from './record-packs.ts';
import { searchFile, searchFileText, searchIndexOf } from './search-files.ts';
import { launchOrderingRanks } from './launch-table.ts';
import { REFERENCE_TABLES } from './reference-tables.ts';

const ORIGIN = 'https://warm.up';
const LAUNCH_IDS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

/** The tiny tree: path → text. */
function tree(): Map<string, string> {
  const files = new Map<string, string>();
  const launches = emptyColumns('launches');
  for (const [row, id] of LAUNCH_IDS.entries()) {
    launches.id.push(id);
    launches.slug.push(`warm-up-${row}`);
    launches.name.push(`Warm | Up ${row}`);
    launches.launch_designator.push(null);
    launches.status.push(row + 1);
    launches.net.push(1_700_000_000 + row * 86_400);
    launches.window_start.push(0);
    launches.window_end.push(0);
    launches.last_updated.push(1_700_000_000 - row);
    launches.launch_service_provider.push(121);
    launches.configuration.push(1);
    launches.pad.push(1);
    launches.mission.push(null);
    launches.orbit.push(null);
    launches.program.push([]);
    for (const counter of Object.values(launches.counters)) counter.push(null);
    launches.vid_urls.push([]);
    launches.serial_numbers.push([]);
    launches.spacecraft.push([]);
  }
  launches.ranks = launchOrderingRanks(launches);
  const events = emptyColumns('events');
  events.id.push(1);
  events.slug.push('warm-up');
  events.name.push('Warm up');
  events.type.push(1);
  events.date.push(1_700_000_000);
  events.last_updated.push(1_700_000_000);
  events.agencies.push([]);
  events.program.push([]);
  events.vid_urls.push([]);
  // Reference kinds the most asked lists are of: one record, every cell empty, first in every ordering.
  const reference = (kind: 'agencies' | 'pads' | 'launcherConfigurations'): ReferenceColumns => ({
    id: [1],
    cells: Object.fromEntries(Object.keys(REFERENCE_TABLES[kind].cells).map((cell) => [cell, [null]])),
    ranks: Object.fromEntries(Object.keys(REFERENCE_TABLES[kind].orderingFields).map((field) => [field, [0]])),
  });
  const columns: Partial<Record<TableName, { id: Array<string | number> }>> = {
    launches,
    events,
    agencies: reference('agencies'),
    pads: reference('pads'),
    launcherConfigurations: reference('launcherConfigurations'),
  };
  const names = Object.keys(TABLES) as TableName[];
  const rowsOf = (name: TableName) => columns[name]?.id ?? [];
  const tables = referenceFile({
    agencies: [],
    configurations: [],
    pads: [],
    locations: [],
    orbits: [],
    launch_statuses: [1, 2],
    programs: [],
    event_types: [1],
    launcher_families: [],
  });
  files.set(REFERENCE_FILE, tables.text);
  const head: QueryIndexHead = {
    format: QUERY_INDEX_FORMAT,
    api_version: API_VERSION,
    base_url: `${ORIGIN}/${API_VERSION}/`,
    lists: Object.fromEntries(
      [...ENDPOINTS].map(([path, endpoint]) => [
        path,
        { rows: encodeRuns(rowsOf(endpoint.route.resource).map((_, i) => i)), recent: 0 },
      ]),
    ),
    reference: tables.hash,
    parts: Object.fromEntries(names.map((name) => [name, columns[name] ? 1 : 0])) as QueryIndexHead['parts'],
    rows: Object.fromEntries(
      names.map((name) => [name, columns[name] ? [rowsHash(rowsOf(name))] : []]),
    ) as QueryIndexHead['rows'],
  };
  files.set(QUERY_INDEX_FILE, JSON.stringify(head));
  for (const [name, value] of Object.entries(columns) as Array<
    [TableName, Record<string, unknown> & { id: Array<string | number> }]
  >) {
    const hash = rowsHash(value.id);
    // Ranks are in the column files only, as the build writes them.
    files.set(partFile(name, 0), partText({ [PART_ROWS]: hash, ...value, [RANKS_COLUMN]: undefined }));
    for (const column of coreColumns(name))
      files.set(columnFile(name, column), columnFileText([hash], column, value[column]));
    for (const mode of Object.keys(LAUNCH_PACK_ROWS) as Array<keyof typeof LAUNCH_PACK_ROWS>) {
      files.set(
        packFile(name, mode, 0),
        packText(
          hash,
          value.id.map((id) => JSON.stringify({ id })),
        ),
      );
    }
    // Detail files under the resource's list of everything (`launches/{id}/`).
    const root = [...ENDPOINTS].find(([, endpoint]) => endpoint.root && endpoint.route.resource === name)![1];
    for (const [path, endpoint] of ENDPOINTS) {
      if (endpoint.route.resource === name && endpoint.search.length)
        files.set(searchFile(name, path), searchFileText([hash], searchIndexOf(value.id.map(() => ['warm up']))));
    }
    for (const id of value.id) files.set(root.detailFile(String(id)), JSON.stringify({ id }));
  }
  return files;
}

/** A static file of the tiny tree, served as the worker serves files without a query string. */
const STATIC_FILE = 'warm-up/index.json';

/** The queries run: the shapes of the bench's mix (scripts/bench-edge.ts). */
export const WARM_UP_QUERIES = [
  'launches/upcoming/?limit=10',
  'launches/upcoming/?mode=detailed&limit=100&hide_recent_previous=true&format=json',
  'launches/previous/?lsp__id=121&status__ids=1,2&mode=list&limit=100&offset=1',
  'launches/?search=warm&ordering=-net&limit=20',
  'launches/?ordering=name&mode=normal',
  'launches/?net__gte=2023-01-01T00:00:00Z&net__lte=2024-12-31T23:59:59Z&location__ids=12,27&ordering=-last_updated&mode=detailed',
  `launches/${LAUNCH_IDS[0]}/?format=json`,
  'events/upcoming/?limit=10',
  'events/?ordering=-date&mode=detailed&limit=100',
  'agencies/?search=warm&mode=list&limit=100',
  'pads/?ordering=-total_launch_count&limit=100',
  'launcher_configurations/?mode=detailed&limit=100',
];

/**
 * Runs the queries, each file read as bytes as the edge worker reads them; then the first of them again, and a static
 * file, as an edge request runs: a Request in, the tiny tree read as Responses through the edge entries' reader (fetch-assets.ts),
 * the answer a Response read whole. So the runtime's own classes are loaded at start-up too: in Node, whose `fetch`
 * classes load on first use (about 80 ms of CPU), the first request would otherwise pay for them; workerd has them
 * built in. That second part is tried apart: a host that refuses it in its global scope still has the engine warm.
 * Resolves with the statuses (the answers dropped).
 */
export async function warmUp(): Promise<number[]> {
  const files = tree();
  const encoder = new TextEncoder();
  const engine = createHandler({
    readText: async (path) => files.get(path),
    readBytes: async (path) => (files.has(path) ? encoder.encode(files.get(path)) : undefined),
  });
  const statuses: number[] = [];
  for (const query of WARM_UP_QUERIES)
    statuses.push((await engine.respond('GET', new URL(`${ORIGIN}/${API_VERSION}/${query}`))).status);
  try {
    files.set(`${API_VERSION}/${STATIC_FILE}`, '{"detail":"warm"}');
    const edge = createHandler(
      fetchAssets(async (url) => {
        const text = files.get(decodeURIComponent(new URL(url).pathname.slice(1)));
        return text === undefined
          ? new Response(null, { status: 404 })
          : new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } });
      }, ORIGIN),
    );
    // A query, then a static file (its body passed through as the host's stream, as a request without a query string is).
    for (const target of [WARM_UP_QUERIES[0], STATIC_FILE.replace(/index\.json$/, '')]) {
      const response = await edge.fetch(new Request(`${ORIGIN}/${API_VERSION}/${target}`));
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  } catch {
    // The runtime's classes are then loaded by the first request.
  }
  return statuses;
}
