// The LL2 query parameters of each list route as OpenAPI parameters, made from
// the engine's own tables (query/endpoints.ts), so the published document lists
// exactly what the Node server and the edge worker answer; and the 400 body of a
// bad value. Static hosts ignore them, which every description says.

import type { Json, JsonObject } from '../model/records.ts';
import { ENDPOINTS } from '../query/endpoints.ts';
import type { Parameter, ValueKind } from '../query/parameters.ts';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../query/pagination.ts';

const WHERE = 'Answered by the Node server and the edge worker; static hosts ignore it (docs/queries.md).';

const list = (items: JsonObject, explode = false): JsonObject => ({
  schema: { type: 'array', items },
  style: 'form',
  explode,
});

const VALUES: Record<ValueKind, JsonObject> = {
  number: { schema: { type: 'number' } },
  numbers: list({ type: 'number' }),
  text: { schema: { type: 'string' } },
  texts: list({ type: 'string' }),
  uuids: list({ type: 'string', format: 'uuid' }),
  date: { schema: { type: 'string', format: 'date' } },
  'date-time': { schema: { type: 'string', format: 'date-time' } },
  boolean: { schema: { type: 'boolean' } },
  choice: { schema: { type: 'integer' } },
  choices: list({ type: 'integer' }, true),
};

const DESCRIBE: Record<ValueKind, string> = {
  number: 'A number.',
  numbers: 'Comma-separated numbers; any of them.',
  text: 'Exact text (case-sensitive), or any case for `__icontains`.',
  texts: 'Comma-separated texts; any of them, each exact.',
  uuids: 'Comma-separated UUIDs; any of them.',
  date: 'A date, `YYYY-MM-DD`.',
  'date-time': 'ISO 8601 date or date-time; without a zone, UTC.',
  boolean: '`true` or `false`.',
  choice: 'The id of a record.',
  choices: 'Repeat the parameter for several ids; any of them.',
};

function describe(parameter: Parameter<unknown>, path: string): JsonObject {
  const endpoint = ENDPOINTS.get(path)!;
  switch (parameter.kind) {
    case 'filter':
      return { description: `${DESCRIBE[parameter.value]} ${WHERE}`, ...VALUES[parameter.value] };
    case 'limit':
      return {
        description: `Results per page: ${DEFAULT_LIMIT} unless given, at most ${MAX_LIMIT}. ${WHERE}`,
        schema: { type: 'integer', minimum: 1 },
      };
    case 'offset':
      return { description: `Index of the first result. ${WHERE}`, schema: { type: 'integer', minimum: 0 } };
    case 'mode':
      return {
        description: `Level of detail of each result. ${WHERE}`,
        schema: { type: 'string', enum: [...endpoint.table.modes] },
      };
    case 'format':
      return {
        description: `\`json\` (or \`api\`, answered as JSON); every \`url\` of ours then ends in \`?format=…\`. ${WHERE}`,
        schema: { type: 'string', enum: ['json', 'api'] },
      };
    case 'ordering':
      return {
        description: `Comma-separated fields, \`-\` for descending: ${Object.keys(endpoint.table.orderingFields).join(', ')}. ${WHERE}`,
        schema: { type: 'string' },
      };
    case 'search':
      return {
        description: `Terms separated by spaces or commas; each must occur in one of: ${endpoint.search.join(', ')}. ${WHERE}`,
        schema: { type: 'string' },
      };
    case 'hide_recent_previous':
      return {
        description: `\`true\` leaves out the records of the last 24 hours. ${WHERE}`,
        schema: { type: 'boolean' },
      };
  }
}

/** The query parameters of a list route, in the table's order. */
export function queryParameters(path: string): Json[] {
  const endpoint = ENDPOINTS.get(path);
  if (!endpoint) return [];
  return endpoint.table.parameters
    .filter((p) => !p.only || p.only.includes(path))
    .map((p) => ({ name: p.name, in: 'query', required: false, ...describe(p as Parameter<unknown>, path) }));
}

/** django-filter's 400 body: every bad parameter with its messages. */
export const BAD_REQUEST_SCHEMA: JsonObject = {
  type: 'object',
  description: "A bad filter value: each bad parameter with Django's messages.",
  additionalProperties: { type: 'array', items: { type: 'string' } },
};
