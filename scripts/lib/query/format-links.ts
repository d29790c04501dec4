// The `url` fields of our resources echoing `?format=…` when a request has one, as
// DRF's hyperlinks do, made on the records' bytes. In: a record's JSON as UTF-8 bytes
// (a view into a record pack or a detail file), the API root written into it, and the
// format asked for. Out: the same bytes as pieces, with `?format=…` after every `url`
// of ours that names a folder (the root, then no `"` or `?`, ending with `/`), the
// record's own bytes not copied, decoded or searched with a regular expression. Pure.

import { quotePlus } from './python-text.ts';

const encoder = new TextEncoder();
const QUOTE = 0x22;
const QUESTION = 0x3f;
const SLASH = 0x2f;

/** Where `needle` starts in `bytes` at or after `from`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = bytes.length - needle.length;
  for (let at = bytes.indexOf(first, from); at >= 0 && at <= last; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && bytes[at + i] === needle[i]) i++;
    if (i === needle.length) return at;
  }
  return -1;
}

export interface FormatLinks {
  (record: Uint8Array): Uint8Array[];
}

/** The function that adds `?format=<format>` to a record's links to `baseUrl` (made once per answer). */
export function formatLinks(baseUrl: string, format: string): FormatLinks {
  // The root as JSON writes it inside a string.
  const needle = encoder.encode(`"url":"${JSON.stringify(baseUrl).slice(1, -1)}`);
  const suffix = encoder.encode(`?format=${quotePlus(format)}`);
  return (record) => {
    const pieces: Uint8Array[] = [];
    let copied = 0;
    for (let at = indexOfBytes(record, needle, 0); at >= 0; at = indexOfBytes(record, needle, at + needle.length)) {
      const start = at + needle.length;
      const end = record.indexOf(QUOTE, start);
      if (end < 0) break;
      const value = record.subarray(start, end);
      if (end > start && record[end - 1] === SLASH && value.indexOf(QUESTION) < 0) {
        pieces.push(record.subarray(copied, end), suffix);
        copied = end;
      }
    }
    pieces.push(record.subarray(copied));
    return pieces;
  };
}
