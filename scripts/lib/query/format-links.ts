// The `url` fields of our resources echoing `?format=…` when a request has one, as
// DRF's hyperlinks do, made on the records' bytes. In: a record's JSON as UTF-8 bytes
// (a view into a record pack or a detail file), the API root written into it, and the
// format asked for. Out: the same bytes as pieces, with `?format=…` after every `url`
// of ours that names a folder (the root, then no `"` or `?`, ending with `/`), the
// record's own bytes not copied, decoded or searched with a regular expression. Pure.

import { byteFinder } from '../base/byte-search.ts';
import { quotePlus } from './python-text.ts';

const encoder = new TextEncoder();
const QUOTE = 0x22;
const QUESTION = 0x3f;
const SLASH = 0x2f;

export interface FormatLinks {
  (record: Uint8Array): Uint8Array[];
}

/** The function that adds `?format=<format>` to a record's links to `baseUrl` (made once per answer). */
export function formatLinks(baseUrl: string, format: string): FormatLinks {
  // The root as JSON writes it inside a string.
  const needle = encoder.encode(`"url":"${JSON.stringify(baseUrl).slice(1, -1)}`);
  const find = byteFinder(needle);
  const suffix = encoder.encode(`?format=${quotePlus(format)}`);
  return (record) => {
    const pieces: Uint8Array[] = [];
    let copied = 0;
    for (let at = find(record, 0); at >= 0; at = find(record, at + needle.length)) {
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
