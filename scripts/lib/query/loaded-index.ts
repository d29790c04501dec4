// The query index made ready for the engine, once per index: its text parsed,
// each resource's columns decoded into records (query/*-table.ts), lists expanded
// from their runs, the id sets of choice filters, and the search text of each
// endpoint made on first use. Pure: text in, a loaded index or a reason out.

import { API_VERSION } from '../api/paths.ts';
import type { ResourceName } from '../api/routes.ts';
import { ENDPOINTS, TABLES, tableOf } from './endpoints.ts';
import { decodeRuns, QUERY_INDEX_FORMAT, type QueryIndex } from './index-format.ts';
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
  rows: Readonly<Record<ResourceName, readonly BaseRow[]>>;
  byKey: Readonly<Record<ResourceName, ReadonlyMap<string, BaseRow>>>;
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

/** Parses and decodes an index; a string says why it cannot be used. */
export function loadIndex(text: string): LoadedIndex | string {
  let index: QueryIndex;
  try {
    index = JSON.parse(text) as QueryIndex;
  } catch {
    return 'the query index is not JSON';
  }
  if (index?.format !== QUERY_INDEX_FORMAT || index.api_version !== API_VERSION) {
    return `the query index has format ${String(index?.format)} for API ${String(index?.api_version)}; this server reads format ${QUERY_INDEX_FORMAT} for ${API_VERSION}: rebuild the site`;
  }
  const reference = referenceLookup(index);
  const names = Object.keys(TABLES) as ResourceName[];
  const rows = Object.fromEntries(names.map((name) => [name, tableOf(name).decode(index, reference)])) as Record<ResourceName, BaseRow[]>;
  const byKey = Object.fromEntries(names.map((name) => [name, new Map(rows[name].map((row) => [row.key, row]))])) as Record<ResourceName, Map<string, BaseRow>>;
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
    },
    rows, byKey, lists, searchText,
  };
}
