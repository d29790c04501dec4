// Characters no launch or event needs, refused in every string of a data file
// (keys too): C0 and C1 control characters other than tab and line feed, DEL,
// the Unicode line and paragraph separators, bidirectional overrides and isolates
// (which can make text display differently from what it is, "Trojan Source"),
// and lone surrogates (which cannot be written as UTF-8). YAML lets them in
// through escapes such as "\e" or "\u202e"; JSON would carry them, but calendars,
// terminals, CI logs and HTML pages would not all show them harmlessly.

import type { PathSegment } from '../model/records.ts';

const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface UnsafeText {
  /** Where the string is: a value, or (with `inKey`) the key at this path. */
  path: PathSegment[];
  inKey: boolean;
  /** The first unsafe character, as `U+XXXX`. */
  codePoint: string;
}

/** The first unsafe character of a string as `U+XXXX`, or undefined if there is none. */
export function unsafeCharacter(text: string): string | undefined {
  const match = UNSAFE.exec(text);
  return match ? `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** Every string (value or key) of a parsed YAML value holding an unsafe character. */
export function findUnsafeText(value: unknown, path: PathSegment[] = [], found: UnsafeText[] = []): UnsafeText[] {
  if (typeof value === 'string') {
    const codePoint = unsafeCharacter(value);
    if (codePoint) found.push({ path, inKey: false, codePoint });
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) findUnsafeText(item, [...path, i], found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const codePoint = unsafeCharacter(key);
      if (codePoint) found.push({ path: [...path, key], inKey: true, codePoint });
      findUnsafeText(item, [...path, key], found);
    }
  }
  return found;
}

const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');

/**
 * Text made safe to print to a terminal or CI log: every unsafe character written
 * as `\uXXXX`. Line feeds and tabs stay. For messages that may quote data files.
 */
export function printable(text: string): string {
  return text.replace(UNSAFE_GLOBAL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
