// Text from LL2 as our data files accept it (see unsafe-text.ts): LL2 writes line
// breaks as "\r\n", which become "\n"; the line and paragraph separators become
// "\n" too; other control or text-direction characters are removed, and a lone
// surrogate becomes U+FFFD. Pure.

import type { Json } from '../model/records.ts';
import { unsafeCharacter } from '../data/unsafe-text.ts';

export interface TextCleaning {
  /** Strings whose line breaks were rewritten. */
  lineBreaks: number;
  /** Paths of strings from which other characters were removed, with the first one. */
  removed: string[];
}

export function cleanString(text: string): { text: string; lineBreaks: boolean; removed?: string } {
  let out = text.replace(/\r\n?|[\u2028\u2029]/g, '\n');
  const lineBreaks = out !== text;
  let removed: string | undefined;
  for (let found = unsafeCharacter(out); found; found = unsafeCharacter(out)) {
    removed ??= found;
    const code = parseInt(found.slice(2), 16);
    out = out.split(String.fromCharCode(code)).join(code >= 0xd800 && code <= 0xdfff ? '\ufffd' : '');
  }
  return { text: out, lineBreaks, removed };
}

/** A copy of `value` with every string and key cleaned; what changed is added to `cleaning`. */
export function cleanText(value: Json, cleaning: TextCleaning, path = ''): Json {
  if (typeof value === 'string') {
    const result = cleanString(value);
    if (result.lineBreaks) cleaning.lineBreaks++;
    if (result.removed) cleaning.removed.push(`${path || '(value)'} (${result.removed})`);
    return result.text;
  }
  if (Array.isArray(value)) return value.map((item, i) => cleanText(item, cleaning, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) {
      const cleanKey = cleanString(key).text;
      out[cleanKey] = cleanText(item, cleaning, path ? `${path}.${cleanKey}` : cleanKey);
    }
    return out;
  }
  return value;
}
