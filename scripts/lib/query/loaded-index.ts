// The query index made ready for the engine, once per index: its head and parts
// read through the reader given and joined (parts whose ids do not hash to the
// head's mean the tree is being republished), each resource's columns
// decoded into records (query/*-table(s).ts), lists expanded from their runs, the id
// sets of choice filters, and the search text of each endpoint made on first use.
// No I/O of its own: files come through the reader.

import { API_VERSION } from '../api/paths.ts';
import { ENDPOINTS, TABLES, tableOf, type TableName } from './endpoints.ts';
import {
  decodeRuns, emptyColumns, joinColumns, partFile, QUERY_INDEX_FILE, QUERY_INDEX_FORMAT, rowsHash, shapeOf,
  type QueryIndex, type QueryIndexHead, type QueryIndexPart, type ResourceColumns,
} from './index-format.ts';
import type { Choices } from './parameters.ts';
import type { BaseRow, ReferenceLookup } from './resource-table.ts';

export interface LoadedList {
  /** Row numbers in the list's default order. */
  members: readonly number[];
  /** How many of the first members `hide_recent_previous=true` hides. */
  recent: number;
}

export interface LoadedIndex {
  /** The API root written into every object's `url` by the build. */
  baseUrl: string;
  choices: Choices;
  rows: Readonly<Record<TableName, readonly BaseRow[]>>;
  byKey: Readonly<Record<TableName, ReadonlyMap<string, BaseRow>>>;
  lists: ReadonlyMap<string, LoadedList>;
  /** Each record's searched text for an endpoint (lower case, fields one per line), by list route path. */
  searchText(listPath: string): readonly string[];
}

function referenceLookup(index: QueryIndex): ReferenceLookup {
  const r = index.reference;
  return {
    agencies: new Map(r.agencies.map(([id, name, abbrev]) => [id, { name, abbrev }])),
    configurations: new Map(r.configurations.map(([id, name, fullName, manufacturer]) => [id, { name, fullName, manufacturer }])),
    pads: new Map(r.pads.map(([id, name, location]) => [id, { name, location }])),
    locations: new Map(r.locations.map(([id, name, celestialBody]) => [id, { name, celestialBody }])),
    orbits: new Map(r.orbits.map(([id, name, celestialBody, suborbital]) => [id, { name, celestialBody, suborbital: suborbital === 1 }])),
  };
}

/** Why an index cannot be used now; `retry` when it may be whole again soon (a rebuild replacing its files). */
export interface IndexProblem {
  reason: string;
  retry: boolean;
}

const parse = <T>(text: string): T | undefined => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
};

/** The head and parts read through `read` and joined, or what is wrong with them. */
export async function readIndex(read: (path: string) => Promise<string | undefined>): Promise<QueryIndex | IndexProblem> {
  const headText = await read(QUERY_INDEX_FILE);
  if (headText === undefined) return { reason: `the query index ${QUERY_INDEX_FILE} is missing: build the site with this version`, retry: false };
  const head = parse<QueryIndexHead>(headText);
  if (head?.format !== QUERY_INDEX_FORMAT || head.api_version !== API_VERSION) {
    return { reason: `the query index has format ${String(head?.format)} for API ${String(head?.api_version)}; this server reads format ${QUERY_INDEX_FORMAT} for ${API_VERSION}: rebuild the site`, retry: false };
  }
  const { parts, rows, ...rest } = head;
  const names = Object.keys(parts) as Array<keyof ResourceColumns>;
  const columnsByResource = await Promise.all(names.map((name) => Promise.all(Array.from({ length: parts[name] }, async (_, n) =>
    parse<QueryIndexPart<object>>((await read(partFile(name, n))) ?? '')?.columns))));
  const republishing = { reason: 'the query index is being republished; try again', retry: true };
  if (columnsByResource.some((list) => list.some((columns) => columns === undefined))) return republishing;
  // Parts are joined in the shape of the first (a reference kind's cells are named by its parts).
  const resources = Object.fromEntries(names.map((name, i) => {
    const parts = columnsByResource[i] as object[];
    return [name, joinColumns(parts, parts.length ? shapeOf(parts[0]) : emptyColumns(name))];
  })) as unknown as ResourceColumns;
  // Parts of another build than the head's (a rebuild replacing the tree) hold other rows: read them again later.
  if (names.some((name) => rowsHash(resources[name].id) !== rows[name])) return republishing;
  return { ...rest, resources };
}

/** Decodes an index for the engine. */
export function loadIndex(index: QueryIndex): LoadedIndex {
  const reference = referenceLookup(index);
  const names = Object.keys(TABLES) as TableName[];
  const rows = Object.fromEntries(names.map((name) => [name, tableOf(name).decode(index, reference)])) as Record<TableName, BaseRow[]>;
  const byKey = Object.fromEntries(names.map((name) => [name, new Map(rows[name].map((row) => [row.key, row]))])) as Record<TableName, Map<string, BaseRow>>;
  const lists = new Map(Object.entries(index.lists).map(([path, list]) => [path, { members: decodeRuns(list.rows), recent: list.recent }]));
  const texts = new Map<string, string[]>();
  const searchText = (listPath: string): string[] => {
    let text = texts.get(listPath);
    if (!text) {
      const endpoint = ENDPOINTS.get(listPath)!;
      const fields = endpoint.search.map((name) => endpoint.table.searchFields[name]);
      // Fields are joined by a line break: a search term never holds whitespace, so it cannot match across two fields.
      text = rows[endpoint.route.resource].map((row) => fields.flatMap((field) => field(row) ?? []).join('\n').toLowerCase());
      texts.set(listPath, text);
    }
    return text;
  };
  const ids = (values: readonly number[]) => new Set(values);
  return {
    baseUrl: index.base_url,
    choices: {
      launchStatuses: ids(index.reference.launch_statuses),
      pads: ids(index.reference.pads.map(([id]) => id)),
      locations: ids(index.reference.locations.map(([id]) => id)),
      programs: ids(index.reference.programs),
      eventTypes: ids(index.reference.event_types),
      agencies: ids(index.reference.agencies.map(([id]) => id)),
      launcherFamilies: ids(index.resources.launcherFamilies.id),
    },
    rows, byKey, lists, searchText,
  };
}
