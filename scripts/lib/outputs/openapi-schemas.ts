// The component schemas of the OpenAPI document: our own response schemas
// (schemas/responses.ts) moved under `components/schemas`, each list route's page
// schema, the 400 body, the changes' schemas (changes-openapi.ts), and the schemas
// of the responses responses.ts does not cover (the API root, the status, the
// calendar index, the dashboard, …). In: the build context; out: the schemas by name.

import { responseDefinitions, responseSchemas } from '../../schemas/responses.ts';
import type { Schema } from '../../schemas/building-blocks.ts';
import type { BuildContext } from '../api/context.ts';
import { apiRoot } from '../api/metadata.ts';
import { API_VERSION, NOT_FOUND_BODY } from '../api/paths.ts';
import { resourceOf } from '../api/resource-table.ts';
import { listRoutes, ROUTES } from '../api/routes.ts';
import { NO_LIMIT } from '../api/views.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { CHANGE_SCHEMAS } from './changes-openapi.ts';
import { componentRef } from './openapi-blocks.ts';
import { BAD_REQUEST_SCHEMA } from './openapi-query.ts';
import { pageComponent } from './openapi-routes.ts';

/** Moves `#/definitions/X` references to `#/components/schemas/X`. */
function toComponents(node: unknown): Json {
  if (Array.isArray(node)) return node.map(toComponents);
  if (!node || typeof node !== 'object') return node as Json;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? value.replace(/^#\/definitions\//, '#/components/schemas/')
        : toComponents(value),
    ]),
  );
}

/** A response schema document's root, without its `$schema`, `$id` and `definitions`. */
function rootOf(document: Schema): Json {
  const { $schema: _s, $id: _i, definitions: _d, ...root } = document as Record<string, unknown>;
  return toComponents(root);
}

const uri: JsonObject = { type: 'string', format: 'uri' };
const timestamp: JsonObject = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' };
const count: JsonObject = { type: 'integer', minimum: 0 };

/** Schemas of the responses that `responses.ts` does not cover. */
function extraSchemas(context: BuildContext): Record<string, Json> {
  const rootKeys = Object.keys(apiRoot(context));
  return {
    ApiRoot: {
      type: 'object',
      description: 'Absolute URLs of the collections and documents.',
      required: rootKeys,
      properties: Object.fromEntries(rootKeys.map((key) => [key, uri])),
      additionalProperties: uri,
    },
    Status: {
      type: 'object',
      description: 'The clock the build used, record counts, and the credit of the data.',
      required: [
        'api_version',
        'build_clock',
        'data_age',
        'launch_count',
        'event_count',
        'upcoming_launch_count',
        'upcoming_event_count',
        'credit',
      ],
      properties: {
        api_version: { const: API_VERSION },
        build_clock: timestamp,
        data_age: {
          type: 'object',
          additionalProperties: false,
          description:
            'When the data last heard from Launch Library 2: the sync state (data/ll2-sync.yaml: its last successful run and the time up to which it has every change), the newest last_updated of the records imported from LL2, the latest of these, and how many whole days before build_clock that was; null where the data says nothing.',
          required: [
            'last_successful_sync',
            'll2_sync_since',
            'newest_ll2_record_update',
            'last_heard_from_ll2',
            'days_before_build',
          ],
          properties: {
            last_successful_sync: { anyOf: [timestamp, { type: 'null' }] },
            ll2_sync_since: { anyOf: [timestamp, { type: 'null' }] },
            newest_ll2_record_update: { anyOf: [timestamp, { type: 'null' }] },
            last_heard_from_ll2: { anyOf: [timestamp, { type: 'null' }] },
            days_before_build: { anyOf: [count, { type: 'null' }] },
          },
        },
        launch_count: count,
        event_count: count,
        upcoming_launch_count: count,
        upcoming_event_count: count,
        incomplete_spans: {
          type: 'array',
          description:
            'Spans of the flown history with markedly fewer launches in this data than the months around them (launches are missing): from <= net < to. Empty when none.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['from', 'to', 'note'],
            properties: { from: timestamp, to: timestamp, note: { type: 'string' } },
          },
        },
        data_in_numbers: {
          type: 'object',
          description:
            'The data in numbers: per year the launches held and, where a saved LL2 list states it, how many LL2 listed (its count, which list, the day it was saved and who saved it; null where no list does); astronauts with an agency, an image and a biography; the upcoming launches at build_clock by year and the last NET held.',
          required: ['years', 'astronauts', 'upcoming'],
          properties: {
            years: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['year', 'launches', 'll2_listed'],
                properties: {
                  year: { type: 'integer' },
                  launches: count,
                  ll2_listed: {
                    anyOf: [
                      {
                        type: 'object',
                        additionalProperties: false,
                        required: ['count', 'what', 'as_of', 'source'],
                        properties: {
                          count,
                          what: { enum: ['flown launches', 'upcoming launches'] },
                          as_of: { type: 'string', format: 'date' },
                          source: { type: 'string' },
                        },
                      },
                      { type: 'null' },
                    ],
                  },
                },
              },
            },
            astronauts: {
              type: 'object',
              additionalProperties: false,
              required: ['count', 'with_agency', 'with_image', 'with_biography'],
              properties: { count, with_agency: count, with_image: count, with_biography: count },
            },
            upcoming: {
              type: 'object',
              additionalProperties: false,
              required: ['count', 'last_net', 'by_year'],
              properties: {
                count,
                last_net: { anyOf: [timestamp, { type: 'null' }] },
                by_year: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['year', 'launches'],
                    properties: { year: { type: 'integer' }, launches: count },
                  },
                },
              },
            },
          },
        },
        credit: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'url', 'terms', 'adds'],
          properties: { name: { type: 'string' }, url: uri, terms: { type: 'string' }, adds: { type: 'string' } },
        },
      },
    },
    CalendarIndex: {
      type: 'object',
      additionalProperties: false,
      required: ['count', 'build_clock', 'results'],
      properties: {
        count,
        build_clock: timestamp,
        results: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'description', 'url', 'entry_count', 'agency'],
            properties: {
              name: { type: 'string' },
              description: { type: 'string' },
              url: uri,
              entry_count: count,
              agency: {
                anyOf: [
                  {
                    type: 'object',
                    additionalProperties: false,
                    required: ['id', 'name', 'abbrev'],
                    properties: { id: { type: 'integer' }, name: { type: 'string' }, abbrev: { type: 'string' } },
                  },
                  { type: 'null' },
                ],
              },
            },
          },
        },
      },
    },
    StarshipDashboard: {
      type: 'object',
      description:
        "LL2's StarshipDashboardNormal, from our records and the road closures, notices, live streams and orbiters LL2's dashboard last gave (docs/resources.md).",
      required: [
        'response_mode',
        'updates',
        'live_streams',
        'road_closures',
        'notices',
        'vehicles',
        'orbiters',
        'upcoming',
        'previous',
      ],
      properties: {
        response_mode: { const: 'normal' },
        updates: { type: 'array', items: componentRef('Update') },
        live_streams: { type: 'array', items: componentRef('VidURLs') },
        road_closures: { type: 'array', items: componentRef('RoadClosure') },
        notices: { type: 'array', items: componentRef('Notice') },
        orbiters: { type: 'array', items: componentRef('SpacecraftNormal') },
        vehicles: { type: 'array', items: componentRef('LauncherDetailed') },
        ...Object.fromEntries(
          ['upcoming', 'previous'].map((name) => [
            name,
            {
              type: 'object',
              required: ['launches', 'events'],
              properties: {
                launches: { type: 'array', items: componentRef('LaunchNormal') },
                events: { type: 'array', items: componentRef('EventNormal') },
              },
            },
          ]),
        ),
      },
    },
    ApiThrottle: {
      type: 'object',
      description:
        "LL2's APIThrottle: there is no limit here; your_request_limit is the largest integer, nothing is ever used up.",
      required: ['your_request_limit', 'limit_frequency_secs', 'current_use', 'next_use_secs', 'ident'],
      properties: {
        your_request_limit: { const: NO_LIMIT },
        limit_frequency_secs: { type: 'integer' },
        current_use: { const: 0 },
        next_use_secs: { const: 0 },
        ident: { type: 'string' },
      },
    },
    ICalendar: {
      type: 'string',
      description: 'An iCalendar (RFC 5545) object: CRLF line ends, lines folded at 75 octets.',
    },
    NotFound: {
      type: 'object',
      additionalProperties: false,
      required: ['detail'],
      properties: { detail: { const: NOT_FOUND_BODY.detail } },
    },
    JsonSchema: { type: 'object', description: 'A JSON Schema (draft-07) document.' },
    SchemaIndex: {
      type: 'object',
      additionalProperties: false,
      required: ['responses', 'data'],
      properties: Object.fromEntries(
        ['responses', 'data'].map((group) => [group, { type: 'object', additionalProperties: uri }]),
      ),
    },
    OpenApiDocument: { type: 'object', description: 'This document.' },
  };
}

/** Every component schema of the document, by name. */
export function componentSchemas(context: BuildContext): Record<string, Json> {
  const documents = responseSchemas(context.baseUrl);
  const definitions = toComponents(responseDefinitions()) as JsonObject;
  const pages = Object.fromEntries(
    listRoutes(ROUTES)
      .map((r) => resourceOf(r.resource).schema)
      .map((schema) => [pageComponent(schema), rootOf(documents[`${schema}-page`])]),
  );
  return {
    ...definitions,
    ...pages,
    BadRequest: BAD_REQUEST_SCHEMA,
    ...extraSchemas(context),
    ...CHANGE_SCHEMAS,
  };
}
