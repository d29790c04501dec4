// What an LL2 2.3.0 body holds: a paginated page `{count, next, previous, results}`,
// a bare `results` array, or a single object; launches (UUID id) or events
// (integer id with `type` and `date`); in list, normal or detailed mode.

import type { Json, JsonObject } from '../model/records.ts';
import { isObject } from './schema-walk.ts';

export type Ll2Kind = 'launch' | 'event';
export type Ll2Mode = 'list' | 'normal' | 'detailed';
export type Ll2Shape = 'page' | 'array' | 'object';

export interface Ll2Item {
  kind: Ll2Kind;
  mode: Ll2Mode;
  value: JsonObject;
  /** Where it came from, for messages: `file.json#results[3]`. */
  source: string;
}

export interface ParsedInput {
  shape: Ll2Shape;
  items: Ll2Item[];
  problems: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MODES: readonly Ll2Mode[] = ['list', 'normal', 'detailed'];

export const isPage = (value: Json): value is JsonObject =>
  isObject(value) && Array.isArray(value.results) && ('count' in value || 'next' in value || 'previous' in value);

export function detectKind(value: JsonObject): Ll2Kind | undefined {
  if (typeof value.id === 'string' && UUID.test(value.id)) return 'launch';
  if (typeof value.id === 'number' && Number.isInteger(value.id) && 'type' in value && 'date' in value) return 'event';
  return undefined;
}

/**
 * The mode an object was returned in. LL2 always writes `response_mode`; without
 * it we guess from the fields (detailed launches have `updates`, normal ones
 * `launch_service_provider`; detailed events have `launches`).
 */
export function detectMode(value: JsonObject, kind: Ll2Kind): Ll2Mode {
  if (typeof value.response_mode === 'string' && MODES.includes(value.response_mode as Ll2Mode)) return value.response_mode as Ll2Mode;
  if (kind === 'launch') return 'updates' in value || 'timeline' in value ? 'detailed' : 'launch_service_provider' in value ? 'normal' : 'list';
  return 'launches' in value || 'agencies' in value ? 'detailed' : 'updates' in value ? 'normal' : 'list';
}

export function parseLl2(value: Json, source: string): ParsedInput {
  const shape: Ll2Shape = isPage(value) ? 'page' : Array.isArray(value) ? 'array' : 'object';
  const list: Json[] = shape === 'page' ? ((value as JsonObject).results as Json[]) : shape === 'array' ? (value as Json[]) : [value];
  const where = (i: number) => (shape === 'page' ? `${source}#results[${i}]` : shape === 'array' ? `${source}#[${i}]` : source);
  const items: Ll2Item[] = [];
  const problems: string[] = [];
  list.forEach((entry, i) => {
    if (!isObject(entry)) {
      problems.push(`${where(i)}: not an object`);
      return;
    }
    const kind = detectKind(entry);
    if (!kind) {
      problems.push(`${where(i)}: neither a launch (UUID id) nor an event (integer id with type and date)`);
      return;
    }
    items.push({ kind, mode: detectMode(entry, kind), value: entry, source: where(i) });
  });
  return { shape, items, problems };
}
