// The `url` fields of our resources echoing `?format=…` when a request has one, as
// DRF's hyperlinks do, made on the records' bytes. In: a record's JSON as UTF-8 bytes
// (a view into a record pack or a detail file), the API root written into it, and the
// format asked for. Out: the same bytes as pieces, with `?format=…` after every `url`
// of ours that names a folder (the root, then no `"` or `?`, ending with `/`), the
// record's own bytes not copied or searched with a regular expression. Pure.
//
// The places are found with the runtime's own string search over the bytes decoded
// one character a byte (windows-1252, which maps every byte to one character and
// the ASCII bytes to themselves, so a character's index is its byte's): a search
// written in JavaScript runs in a fresh isolate's interpreter, byte by byte.

import { quotePlus } from './python-text.ts';

const encoder = new TextEncoder();
/** One character a byte: what the bytes' places are found in. */
const bytewise = new TextDecoder('windows-1252');
const SLASH = 0x2f;

export type FormatLinks = (record: Uint8Array) => Uint8Array[];

/** The function that adds `?format=<format>` to a record's links to `baseUrl` (made once per answer). */
export function formatLinks(baseUrl: string, format: string): FormatLinks {
  // The root as JSON writes it inside a string, as the record's bytes hold it.
  const needle = bytewise.decode(encoder.encode(`"url":"${JSON.stringify(baseUrl).slice(1, -1)}`));
  const suffix = encoder.encode(`?format=${quotePlus(format)}`);
  return (record) => {
    const text = bytewise.decode(record);
    const pieces: Uint8Array[] = [];
    let copied = 0;
    // The first `?` at or after the latest value's start (searched again only once passed; none left: Infinity).
    let question = -1;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      const start = at + needle.length;
      const end = text.indexOf('"', start);
      if (end < 0) break;
      if (question < start) {
        const found = text.indexOf('?', start);
        question = found < 0 ? Number.POSITIVE_INFINITY : found;
      }
      if (end > start && text.charCodeAt(end - 1) === SLASH && question > end) {
        pieces.push(record.subarray(copied, end), suffix);
        copied = end;
      }
    }
    pieces.push(record.subarray(copied));
    return pieces;
  };
}
