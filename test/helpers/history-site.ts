// A small data set whose launches have hand-written histories, for the tests of
// what the pages say of time (test/pages-time.test.ts, test/history-pages.browser.test.ts):
// NETs that moved in the 24 hours before the clock (later, earlier and back, twice),
// one that moved earlier than that, a launch whose NET passed after the data's last
// word from LL2, one whose NET passed before it with no outcome, and one not from LL2.
// The expected texts in those tests are computed by hand from these values.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LaunchRecord } from '../../scripts/lib/model/records.ts';
import { generateApi, validateDataDir } from '../../scripts/lib/pipeline.ts';
import type { DataSet } from '../../scripts/lib/model/records.ts';
import { copyFixture, makeLaunch, removeDir, testUuid, writeRecords } from './data.ts';

export const NOW = Date.parse('2026-06-10T12:00:00Z');
export const BASE_URL = 'https://mirror.example.org/2.3.0/';
const LL2 = { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.3.0' };

/** Launch numbers. */
export const H = {
  /** Moved +2 d at 03:00 (and went Go then); first seen 2026-05-01 with NET 2026-06-01T10:00Z: slipped +13 d. */
  later: 3001,
  /** Moved twice in the last day: 06-21 → 06-22 at 06-09T14:00, → 06-20 at 06-10T02:00: −1 d in all. */
  earlier: 3002,
  /** Moved at 2026-06-09T11:59Z: 24 h and 1 min before the clock, not marked. */
  dayAgo: 3003,
  /** NET 2026-06-10T06:00Z, after the data's last word (2026-06-10T02:55Z, launch `later`'s last_updated): still Go. */
  stopped: 3004,
  /** NET 2026-06-08T00:00Z, before the data's last word, still TBD: no outcome recorded. */
  overdue: 3005,
  /** Not from LL2: no provenance. */
  ours: 3006,
} as const;

/** A piece of a page's HTML as a reader sees its text: tags dropped, the entities the pages write decoded, spaces folded. */
export const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
/** An HTML attribute's value as text (the escapes the page writer uses). */
export const decodeAttribute = (attribute: string): string =>
  attribute
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first element `<tag …marker…>…</tag>` of a page (no nesting of the same tag inside). */
export function element(html: string, tag: string, marker: string): string {
  const start = html.indexOf(`<${tag}${marker}`);
  if (start < 0) return '';
  return html.slice(start, html.indexOf(`</${tag}>`, start) + tag.length + 3);
}
export const slugOf = (n: number): string => `test-launch-${n}`;
export const pageOf = (n: number): string => `launch/${slugOf(n)}.html`;

export function historyLaunches(): LaunchRecord[] {
  const ll2 = (n: number, net: string, status: string, lastUpdated: string): LaunchRecord =>
    makeLaunch(n, net, { status, net_precision: 'minute', last_updated: lastUpdated, provenance: LL2 });
  return [
    ll2(H.later, '2026-06-14T10:00:00Z', 'go', '2026-06-10T02:55:00Z'),
    ll2(H.earlier, '2026-06-20T00:00:00Z', 'tbd', '2026-06-10T01:50:00Z'),
    ll2(H.dayAgo, '2026-06-25T00:00:00Z', 'tbd', '2026-06-09T11:00:00Z'),
    ll2(H.stopped, '2026-06-10T06:00:00Z', 'go', '2026-06-05T00:00:00Z'),
    ll2(H.overdue, '2026-06-08T00:00:00Z', 'tbd', '2026-06-01T00:00:00Z'),
    makeLaunch(H.ours, '2026-07-01T00:00:00Z', {
      status: 'tbd',
      net_precision: 'minute',
      last_updated: '2026-06-02T00:00:00Z',
    }),
  ];
}

/** The first sighting of a launch of this set, every followed value as `fields` say (else as the record has it). */
function firstSeen(n: number, seen: string, fields: Record<string, string>): string {
  const record = historyLaunches().find((l) => l.id === testUuid(n))!;
  const values = {
    name: record.name,
    net: record.net,
    net_precision: 'minute',
    window_start: record.window_start,
    window_end: record.window_end,
    status: record.status,
    probability: 'null',
    pad: 'slc-40',
    configuration: 'falcon-9-block-5',
    ...fields,
  };
  return [
    `launch: ${record.id}`,
    'first_seen:',
    `  seen: ${seen}`,
    '  source: ll2-list',
    '  saved_by: example/saver',
    ...Object.entries(values).map(([k, v]) => `  ${k}: ${v}`),
    'changes:',
  ].join('\n');
}

const change = (seen: string, fields: Record<string, [string, string]>): string =>
  [
    `  - seen: ${seen}`,
    '    source: ll2-sync',
    ...Object.entries(fields).map(([k, [a, b]]) => `    ${k}: [${a}, ${b}]`),
  ].join('\n');

/** The history files, by launch number. */
export function historyFiles(): Map<number, string> {
  return new Map([
    [
      H.later,
      [
        firstSeen(H.later, '2026-05-01T00:00:00Z', { net: '2026-06-01T10:00:00Z', status: 'tbd' }),
        change('2026-05-20T00:00:00Z', { net: ['2026-06-01T10:00:00Z', '2026-06-12T10:00:00Z'] }),
        change('2026-06-10T03:00:00Z', {
          net: ['2026-06-12T10:00:00Z', '2026-06-14T10:00:00Z'],
          status: ['tbd', 'go'],
        }),
      ].join('\n'),
    ],
    [
      H.earlier,
      [
        firstSeen(H.earlier, '2026-06-01T00:00:00Z', { net: '2026-06-21T00:00:00Z' }),
        change('2026-06-09T14:00:00Z', { net: ['2026-06-21T00:00:00Z', '2026-06-22T00:00:00Z'] }),
        change('2026-06-10T02:00:00Z', { net: ['2026-06-22T00:00:00Z', '2026-06-20T00:00:00Z'] }),
      ].join('\n'),
    ],
    [
      H.dayAgo,
      [
        firstSeen(H.dayAgo, '2026-06-01T00:00:00Z', { net: '2026-06-24T00:00:00Z' }),
        change('2026-06-09T11:59:00Z', { net: ['2026-06-24T00:00:00Z', '2026-06-25T00:00:00Z'] }),
      ].join('\n'),
    ],
  ]);
}

async function writeData(): Promise<string> {
  const dir = await copyFixture();
  await writeRecords(dir, historyLaunches());
  await mkdir(path.join(dir, 'history', 'generated'), { recursive: true });
  for (const [n, text] of historyFiles())
    await writeFile(path.join(dir, 'history', 'generated', `${slugOf(n)}.yaml`), `${text}\n`);
  return dir;
}

export async function historyDataSet(): Promise<DataSet> {
  const dir = await writeData();
  try {
    const checked = await validateDataDir(dir, NOW);
    const errors = checked.problems.filter((p) => p.severity === 'error');
    if (!checked.dataset || errors.length) throw new Error(JSON.stringify(errors.slice(0, 5)));
    return checked.dataset;
  } finally {
    await removeDir(dir);
  }
}

/** The generated files in memory, as text. */
export async function historyFilesBuilt(dataset?: DataSet, now = NOW): Promise<Map<string, string>> {
  const files = generateApi(dataset ?? (await historyDataSet()), { now, baseUrl: BASE_URL });
  return new Map(
    files.map((f) => [f.path, String('render' in f && typeof f.render === 'function' ? f.render() : f.content)]),
  );
}
