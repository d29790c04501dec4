// How LL2 cleans one filter value: the Django form fields behind django-filter's
// filters, with Django's own error messages. Each cleaner takes the raw value(s)
// of one query parameter and gives the cleaned value, `undefined` when the filter
// does not apply (an empty value), or the message of a 400. Pure functions.

import { parseIsoDateTime, type Instant } from './iso-datetime.ts';
import { pythonInt, stripSpace } from './python-text.ts';

export type Cleaned<T> = { ok: true; value: T | undefined } | { ok: false; message: string };

export const MESSAGES = {
  number: 'Enter a number.',
  dateTime: 'Enter a valid date/time.',
  date: 'Enter a valid date.',
  uuid: 'Enter a valid UUID.',
  nullCharacters: 'Null characters are not allowed.',
  choice: 'Select a valid choice. That choice is not one of the available choices.',
  multipleChoice: (value: string) => `Select a valid choice. ${value} is not one of the available choices.`,
  primaryKey: (value: string) => `“${value}” is not a valid value.`,
} as const;

const ok = <T>(value: T | undefined): Cleaned<T> => ({ ok: true, value });
const fail = <T>(message: string): Cleaned<T> => ({ ok: false, message });

/**
 * A decimal number as comparisons with whole numbers need it: its floor and
 * ceiling (equal when it is whole). Stored ids and counters are whole numbers,
 * so `x > 2.5` is `x >= 3` and `x = 2.5` matches nothing, as in PostgreSQL.
 */
export interface Decimal {
  floor: number;
  ceil: number;
}

/** Python's `Decimal(text)` grammar for finite values (NaN and Infinity are "Enter a number." in Django). */
const DECIMAL = /^\s*([+-]?)(\d+(?:_\d+)*)?(?:\.(\d+(?:_\d+)*)?)?(?:[eE]([+-]?\d+(?:_\d+)*))?\s*$/;

/** Past this many digits of exponent a value is beyond any stored id or counter. */
const HUGE_EXPONENT = 400;

export function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const negative = m[1] === '-';
  const digits = `${m[2] ?? ''}${m[3] ?? ''}`.replace(/_/g, '').replace(/^0+/, '');
  const exponent = Number((m[4] ?? '0').replace(/_/g, '')) - (m[3] ?? '').replace(/_/g, '').length;
  if (digits === '') return { floor: 0, ceil: 0 };
  // value = digits × 10^exponent: whole part and whether anything is left after the point.
  let whole: bigint;
  let fractional: boolean;
  if (exponent >= 0) {
    if (exponent + digits.length > HUGE_EXPONENT)
      return negative ? { floor: -Infinity, ceil: -Infinity } : { floor: Infinity, ceil: Infinity };
    whole = BigInt(digits) * 10n ** BigInt(exponent);
    fractional = false;
  } else if (-exponent >= digits.length) {
    whole = 0n;
    fractional = true;
  } else {
    whole = BigInt(digits.slice(0, digits.length + exponent));
    fractional = /[1-9]/.test(digits.slice(digits.length + exponent));
  }
  const w = Number(negative ? -whole : whole);
  if (!fractional) return { floor: w, ceil: w };
  return negative ? { floor: w - 1, ceil: w } : { floor: w, ceil: w + 1 };
}

/** `NumberFilter`: a `DecimalField`. */
export function cleanNumber(raw: string): Cleaned<Decimal> {
  if (raw === '') return ok(undefined);
  const value = parseDecimal(raw);
  return value ? ok(value) : fail(MESSAGES.number);
}

/** `CharFilter`: a stripped `CharField`; an empty value applies no filter. */
export function cleanText(raw: string): Cleaned<string> {
  const value = stripSpace(raw);
  if (value === '') return ok(undefined);
  return value.includes('\0') ? fail(MESSAGES.nullCharacters) : ok(value);
}

/**
 * A `NumberFilter` compared with a stored real number (a pad's latitude): the
 * value as a float, where whole-number fields use `Decimal`'s floor and ceiling.
 */
export function cleanFloat(raw: string): Cleaned<number> {
  if (raw === '') return ok(undefined);
  if (!parseDecimal(raw)) return fail(MESSAGES.number);
  const value = Number(stripSpace(raw).replace(/_/g, ''));
  return Number.isNaN(value) ? fail(MESSAGES.number) : ok(value);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A calendar date as `YYYY-MM-DD`, or undefined when there is no such day. */
function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  if (year < 1 || year > 9999 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * `DateFilter`: a `DateField` with Django's first input formats, `%Y-%m-%d`,
 * `%m/%d/%Y` and `%m/%d/%y` (Python's two-digit years: 69–99 are 19xx). The
 * cleaned value is `YYYY-MM-DD`, which orders as the dates do.
 */
export function cleanDate(raw: string): Cleaned<string> {
  const value = stripSpace(raw);
  if (value === '') return ok(undefined);
  let date: string | undefined;
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (m) date = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  else if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(value))) {
    const year = m[3].length === 4 ? Number(m[3]) : Number(m[3]) + (Number(m[3]) >= 69 ? 1900 : 2000);
    date = isoDate(year, Number(m[1]), Number(m[2]));
  }
  return date ? ok(date) : fail(MESSAGES.date);
}

/** `IsoDateTimeFilter`. */
export function cleanDateTime(raw: string): Cleaned<Instant> {
  if (raw === '') return ok(undefined);
  const value = parseIsoDateTime(raw);
  return value ? ok(value) : fail(MESSAGES.dateTime);
}

/** `UUIDFilter`: `uuid.UUID(text)` accepts braces, a `urn:uuid:` prefix, any hyphens and either case. */
export function cleanUuid(raw: string): Cleaned<string> {
  const value = stripSpace(raw);
  if (value === '') return ok(undefined);
  const hex = value
    .replace(/urn:/g, '')
    .replace(/uuid:/g, '')
    .replace(/^\{+|\}+$/g, '')
    .replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) return fail(MESSAGES.uuid);
  const h = hex.toLowerCase();
  return ok(`${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`);
}

/**
 * The `BooleanFilter` of django-filter's REST framework integration: its widget
 * reads `true`/`1` and `false`/`0` in any case; anything else applies no filter
 * and is no error.
 */
export function cleanBoolean(raw: string): Cleaned<boolean> {
  const value = raw.toLowerCase();
  if (value === 'true' || value === '1') return ok(true);
  if (value === 'false' || value === '0') return ok(false);
  return ok(undefined);
}

/** `ModelChoiceFilter`: the primary key of an existing record (Python `int()` of the text), else "Select a valid choice". */
export function cleanChoice(raw: string, choices: ReadonlySet<number>): Cleaned<number> {
  if (raw === '') return ok(undefined);
  const id = pythonInt(raw);
  return id !== undefined && choices.has(Number(id)) ? ok(Number(id)) : fail(MESSAGES.choice);
}

/**
 * `ModelMultipleChoiceFilter` (the parameter repeated, `?program=1&program=2`):
 * every value must be a whole number, written as the record's id is written, of
 * an existing record. Absent, it applies no filter.
 */
export function cleanChoices(raws: readonly string[], choices: ReadonlySet<number>): Cleaned<number[]> {
  if (raws.length === 0) return ok(undefined);
  for (const raw of raws) {
    if (raw.includes('\0')) return fail(MESSAGES.nullCharacters);
    if (pythonInt(raw) === undefined) return fail(MESSAGES.primaryKey(raw));
  }
  for (const raw of raws) {
    const id = Number(pythonInt(raw));
    if (String(id) !== raw || !choices.has(id)) return fail(MESSAGES.multipleChoice(raw));
  }
  return ok(raws.map(Number));
}

/**
 * `BaseInFilter` over a field: comma-separated values, each cleaned by that field.
 * An empty parameter applies no filter; values that clean to nothing are dropped
 * (SQL `IN` ignores NULL), so `?lsp__id=,` matches no record.
 */
export function cleanList<T>(raw: string, cleanOne: (text: string) => Cleaned<T>, keepEmpty = false): Cleaned<T[]> {
  if (raw === '') return ok(undefined);
  const values: T[] = [];
  for (const part of raw.split(',')) {
    const cleaned = cleanOne(part);
    if (!cleaned.ok) return cleaned;
    if (cleaned.value !== undefined) values.push(cleaned.value);
    else if (keepEmpty) values.push('' as T);
  }
  return ok(values);
}
