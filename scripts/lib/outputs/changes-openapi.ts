// The histories and change feeds in the OpenAPI document (openapi.ts reads the paths, openapi-schemas.ts the schemas):
// in, the build context; out, their paths (with this build's files as examples)
// and the schemas of their JSON bodies. The Atom feeds are shown by schema only.

import type { BuildContext } from '../api/context.ts';
import { HISTORY_FIELDS } from '../model/history.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { CHANGE_PATHS, changesIndex, jsonFeed, scopes } from './change-feeds.ts';
import { historyDocument, historyIndex } from './changes.ts';
import { providers } from './calendars.ts';

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const timestamp: JsonObject = { type: 'string', format: 'date-time' };
const uri: JsonObject = { type: 'string', format: 'uri' };
const value: JsonObject = { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] };
const pair: JsonObject = { type: 'array', items: value, minItems: 2, maxItems: 2 };
const sighting = (fields: JsonObject): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  required: ['seen', 'source'],
  properties: {
    seen: timestamp,
    source: { enum: ['ll2-list', 'll2-sync', 'pull-request', 'record'] },
    saved_by: { type: 'string' },
    ll2_last_updated: timestamp,
    ...Object.fromEntries(HISTORY_FIELDS.map((f) => [f, fields])),
  },
});

export const CHANGE_SCHEMAS: Record<string, Json> = {
  LaunchHistory: {
    type: 'object',
    additionalProperties: false,
    required: ['launch', 'summary', 'first_seen', 'changes', 'credit'],
    description:
      "One launch's history of dates and statuses (docs/history.md): values are our keys (status, NET precision, pad, rocket configuration), changes oldest first as [before, after].",
    properties: {
      launch: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'url'],
        properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, url: uri },
      },
      summary: {
        type: 'object',
        additionalProperties: false,
        required: [
          'first_seen',
          'first_net',
          'net',
          'slip_seconds',
          'net_changes',
          'went_go',
          'last_change',
          'last_heard_from_ll2',
        ],
        properties: {
          first_seen: timestamp,
          first_net: { anyOf: [timestamp, { type: 'null' }] },
          net: timestamp,
          slip_seconds: { anyOf: [{ type: 'number' }, { type: 'null' }] },
          net_changes: { type: 'integer', minimum: 0 },
          went_go: { anyOf: [timestamp, { type: 'null' }] },
          last_change: timestamp,
          /** When the launch's data last heard from LL2: its record's `last_updated` (crediting LL2) or a sighting from LL2, the latest; null when none is LL2's. */
          last_heard_from_ll2: { anyOf: [timestamp, { type: 'null' }] },
        },
      },
      first_seen: sighting(value),
      changes: { type: 'array', items: sighting(pair) },
      credit: { type: 'string' },
    },
  },
  HistoryIndex: {
    type: 'object',
    additionalProperties: false,
    required: ['count', 'results'],
    properties: {
      count: { type: 'integer' },
      results: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name', 'url'],
          properties: { id: { type: 'string' }, name: { type: 'string' }, url: uri },
        },
      },
    },
  },
  ChangeFeedIndex: {
    type: 'object',
    additionalProperties: false,
    required: ['count', 'days', 'results'],
    properties: {
      count: { type: 'integer' },
      days: { type: 'integer' },
      results: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'json_feed', 'atom', 'entry_count', 'agency'],
          properties: {
            title: { type: 'string' },
            json_feed: uri,
            atom: uri,
            entry_count: { type: 'integer' },
            agency: {
              anyOf: [
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['id', 'name'],
                  properties: { id: { type: 'integer' }, name: { type: 'string' } },
                },
                { type: 'null' },
              ],
            },
          },
        },
      },
    },
  },
  JsonFeed: {
    type: 'object',
    required: ['version', 'title', 'items'],
    description:
      "JSON Feed 1.1 (https://jsonfeed.org/version/1.1); each item's `_launch_schedule` holds the launch id, its history URL (null, and no `url`, for a launch gone from LL2's list), the source and the changes as [before, after].",
    properties: {
      version: { const: 'https://jsonfeed.org/version/1.1' },
      title: { type: 'string' },
      home_page_url: uri,
      feed_url: uri,
      description: { type: 'string' },
      items: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'title', 'content_text', 'date_published', 'date_modified', '_launch_schedule'],
          properties: {
            id: { type: 'string' },
            url: uri,
            title: { type: 'string' },
            content_text: { type: 'string' },
            date_published: timestamp,
            date_modified: timestamp,
            tags: { type: 'array', items: { type: 'string' } },
            external_url: uri,
            _launch_schedule: { type: 'object' },
          },
        },
      },
    },
  },
  AtomFeed: { type: 'string', description: 'An Atom 1.0 (RFC 4287) feed.' },
};

type Operation = (id: string, tag: string, summary: string, ok: JsonObject, parameters?: Json[]) => JsonObject;
type PathParameter = (name: string, description: string, schema: JsonObject) => JsonObject;

const json = (description: string, schema: string, example: JsonObject | null): JsonObject => ({
  description,
  content: { 'application/json': { schema: ref(schema), ...(example ? { examples: { 'this-build': example } } : {}) } },
});
const atom = (description: string): JsonObject => ({
  description,
  content: { 'application/atom+xml': { schema: ref('AtomFeed') } },
});

/** The paths of the histories and change feeds, with `operation` and `pathParameter` from openapi.ts. */
export function changePaths(
  context: BuildContext,
  operation: Operation,
  pathParameter: PathParameter,
): Record<string, Json> {
  const example = (path: string, value: JsonObject): JsonObject => ({
    summary: `${path} of this build`,
    value,
    'x-source': path,
  });
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  const first = [...(context.data.history ?? [])]
    .filter(([id]) => byId.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))[0];
  const all = changesIndex(context);
  const feeds = scopes(context);
  const agencyIds = providers(context).map((p) => p.id);
  const agencyParameter = pathParameter(
    'agency_id',
    'LL2 id of the launch service provider; every provider of a launch in the data set has a feed.',
    { type: 'integer', enum: agencyIds },
  );
  return {
    '/history/': operation(
      'histories',
      'changes',
      'Every launch with a history of its dates and statuses.',
      json('The launches.', 'HistoryIndex', example(CHANGE_PATHS.historyIndex, historyIndex(context))),
    ),
    // Described when the build has one (a launch with a history), with it as the example.
    ...(first
      ? {
          '/history/{id}.json': operation(
            'history',
            'changes',
            "One launch's history: each change of NET, window, precision, status, probability, pad, rocket and name, when and where seen.",
            json(
              'The history.',
              'LaunchHistory',
              example(CHANGE_PATHS.history(first[0]), historyDocument(context, byId.get(first[0])!, first[1])),
            ),
            [
              pathParameter('id', 'The launch UUID (only launches with a history have one).', {
                type: 'string',
                enum: [...(context.data.history?.keys() ?? [])].filter((id) => byId.has(id)).sort(),
              }),
            ],
          ),
        }
      : {}),
    '/changes/': operation(
      'changeFeeds',
      'changes',
      'Every change feed with its URLs and entry count.',
      json('The feeds.', 'ChangeFeedIndex', example(CHANGE_PATHS.index, all)),
    ),
    [`/${CHANGE_PATHS.json}`]: operation(
      'changeFeedJson',
      'changes',
      'Every change of the 30 days before the build, newest first, as JSON Feed 1.1.',
      json('The feed.', 'JsonFeed', example(CHANGE_PATHS.json, jsonFeed(context, feeds[0]))),
    ),
    [`/${CHANGE_PATHS.atom}`]: operation('changeFeedAtom', 'changes', 'The same as Atom 1.0.', atom('The feed.')),
    '/changes/providers/{agency_id}.json': operation(
      'changeFeedProviderJson',
      'changes',
      "The changes of one launch service provider's launches, JSON Feed 1.1.",
      json('The feed.', 'JsonFeed', feeds[1] ? example(feeds[1].path.json, jsonFeed(context, feeds[1])) : null),
      [agencyParameter],
    ),
    '/changes/providers/{agency_id}.atom': operation(
      'changeFeedProviderAtom',
      'changes',
      'The same as Atom 1.0.',
      atom('The feed.'),
      [agencyParameter],
    ),
  };
}
