// Record packs give their lines' lengths in their first line (index-format.ts packText), so that a reader finds each
// record without searching the pack's bytes for line breaks (readPack); the lengths are UTF-8 bytes, checked
// against the bytes, and a pack without them (written before) is still read by its line breaks.

import { describe, expect, it } from 'vitest';
import { packRecord, packRecordAndComma, packText, readPack, utf8Length } from '../scripts/lib/query/record-packs.ts';

const encoder = new TextEncoder();
const decoded = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));
const RECORDS = [
  '{"name":"Ariane 5"}',
  '{"name":"Kourou — Guyane française"}',
  '{"name":"🚀 中国"}',
  '{"x":"\ud800"}',
  '{}',
];

describe('record packs with their lines’ lengths', () => {
  it('measures text in UTF-8 bytes as TextEncoder writes it', () => {
    for (const text of [...RECORDS, '', 'é', '\udc00a', 'a\ud83d'])
      expect(utf8Length(text), text).toBe(encoder.encode(text).length);
  });

  it('are read back record by record, the comma after each', () => {
    const bytes = encoder.encode(packText('2000:abcd', RECORDS));
    const pack = readPack(bytes)!;
    expect(pack.rows).toBe('2000:abcd');
    expect(RECORDS.map((_, i) => decoded(packRecord(pack, i)))).toEqual(RECORDS.map((r) => decoded(encoder.encode(r))));
    expect(decoded(packRecordAndComma(pack, 1))).toBe(`${RECORDS[1]},`);
    expect(packRecord(pack, RECORDS.length)).toBeUndefined();
    expect(readPack(encoder.encode(packText('2000:abcd', [])))?.starts.length).toBe(1);
  });

  it('are refused when a length does not match the bytes', () => {
    const text = packText('2000:abcd', RECORDS);
    const [head, ...lines] = text.split('\n');
    const header = JSON.parse(head) as { rows: string; lines: number[] };
    for (const change of [1, -1]) {
      const lengths = header.lines.map((n, i) => (i === 2 ? n + change : n));
      expect(
        readPack(encoder.encode([JSON.stringify({ ...header, lines: lengths }), ...lines].join('\n'))),
      ).toBeUndefined();
    }
    // A record dropped, the lengths kept: the pack ends before they say.
    expect(readPack(encoder.encode([head, ...lines.slice(0, -1)].join('\n')))).toBeUndefined();
  });

  it('without lengths (a pack written before) are read by their line breaks', () => {
    const text = packText('2000:abcd', RECORDS);
    const old = text.replace(/^[^\n]*/, JSON.stringify({ rows: '2000:abcd' }));
    const pack = readPack(encoder.encode(old))!;
    expect(RECORDS.map((_, i) => decoded(packRecord(pack, i)))).toEqual(RECORDS.map((r) => decoded(encoder.encode(r))));
  });
});
