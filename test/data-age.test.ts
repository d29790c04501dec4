// The data's age, told where people and programs read it (issue 37 item 3): the
// months after the data last heard from LL2 are not called a hole in the history
// (model/coverage.ts judgedBefore); the schedule's recent launches say the data
// stopped; the API page says what the Node server and the edge worker answer
// with a query string and what a static host cannot; the offline snapshot's
// manifest and server state the data's age, not the build's. On hand-made
// launches and on test/helpers/history-site.ts (data last heard 2026-06-10T02:55Z).

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incompleteSpans, judgedBefore, type CoveredLaunch } from '../scripts/lib/model/coverage.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { queryParameters } from '../scripts/lib/outputs/openapi-query.ts';
import { siteFiles } from '../scripts/lib/pipeline.ts';
import { readSnapshotKit } from '../scripts/lib/publish/snapshot-kit.ts';
import { ARCHIVE_FILE, createSnapshot, SNAPSHOT_NAME, type Snapshot } from '../scripts/lib/publish/snapshot.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { BASE_URL, historyDataSet, historyFilesBuilt, NOW } from './helpers/history-site.ts';
import { hasCommand, run, spawnUntil } from './helpers/http.ts';

const TAR = await hasCommand('tar');
const LL2 = { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: 'a/b@1' };

/** `n` launches in a month from LL2, each last updated on `updated`. */
const month = (key: string, n: number, updated: string): CoveredLaunch[] =>
  Array.from({ length: n }, (_, i) => ({
    net: `${key}-${String(1 + i).padStart(2, '0')}T12:00:00Z`,
    provenance: LL2,
    last_updated: updated,
  }));

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('the months after the data stopped', () => {
  // Eighteen launches a month for a year, then two a month for three months, saved on 2024-01-20.
  const steady = ['2023-01', '2023-02', '2023-03', '2023-04', '2023-05', '2023-06'];
  const more = ['2023-07', '2023-08', '2023-09', '2023-10', '2023-11', '2023-12'];
  const thin = ['2024-01', '2024-02', '2024-03'];
  const launches = (updated: string) => [
    ...[...steady, ...more].flatMap((m) => month(m, 18, updated)),
    ...thin.flatMap((m) => month(m, 2, updated)),
  ];

  it('are not judged: the data stopped, they are not a hole', () => {
    const clock = Date.parse('2024-06-15T00:00:00Z');
    // Data stopped 2024-01-20: months from January 2024 on are its age.
    expect(judgedBefore(launches('2024-01-20T00:00:00Z'), clock)).toBe('2024-01');
    expect(incompleteSpans(launches('2024-01-20T00:00:00Z'), clock)).toEqual([]);
    // The same thin months, with data that heard from LL2 in May 2024: a hole (January to April, 2 + 2 + 2 + 0
    // launches against a level of 18).
    expect(incompleteSpans(launches('2024-05-02T00:00:00Z'), clock)).toEqual([
      { from: '2024-01', to: '2024-04', launches: 6, reference: 18 },
    ]);
  });

  it('are judged up to the clock when no record credits LL2', () => {
    const ours = launches('2024-01-20T00:00:00Z').map(({ net }) => ({ net }));
    expect(judgedBefore(ours, Date.parse('2024-06-15T00:00:00Z'))).toBe('2024-06');
  });
});

describe('the pages', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await historyFilesBuilt();
  }, 60_000);

  it('say under the recent launches that the data stopped, when some of them passed their NET after it', () => {
    const index = files.get('index.html')!;
    const previous = index.slice(index.indexOf('id="previous"'), index.indexOf('id="previous-list"'));
    expect(text(previous)).toContain(
      'Our data last heard from Launch Library 2 on Wed 10 Jun 2026: the launches whose NET passed since are shown as LL2 last stated them, and their outcome is not in our data.',
    );
  });

  it('api.html says what the Node server and the edge worker answer, and that a static host cannot', () => {
    const api = text(files.get('api.html')!);
    expect(api).not.toContain('no query parameters');
    expect(api).toContain(
      "With a query string, the Node server (npm start, npm run serve), the Cloudflare Pages worker (_worker.js) and the offline snapshot's server answer as LL2 does",
    );
    expect(api).toContain(
      'A static host alone (GitHub Pages, a CDN, nginx without the server) cannot honour any query parameter',
    );
    // Each list's count of parameters, from the query engine's own table; none for a detail route.
    const cells = (route: string): string[] => {
      const html = files.get('api.html')!;
      const at = html.indexOf(`<code>2.3.0/${route}</code>`);
      return html
        .slice(at, html.indexOf('</tr>', at))
        .split('</td>')
        .map((cell) => text(cell).trim());
    };
    const count = queryParameters('launches/upcoming/').length;
    expect(count).toBeGreaterThan(50);
    expect(cells('launches/upcoming/').slice(-3)).toEqual(['6', String(count), '']);
    expect(cells('launches/{uuid}/').slice(-3)).toEqual(['8', '', '']);
  });
});

describe('the offline snapshot', () => {
  let data: DataSet;
  let snapshot: Snapshot;
  let work: string;
  beforeAll(async () => {
    data = await historyDataSet();
    const inputs = { now: NOW, baseUrl: BASE_URL };
    snapshot = await createSnapshot(data, inputs, siteFiles(data, inputs), await readSnapshotKit());
    work = await tempDir('lss-age-');
  }, 60_000);
  afterAll(async () => removeDir(work));

  it("states the data's age in its manifest: when it last heard from LL2, beside the build clock", () => {
    expect(snapshot.manifest.data_last_heard_from_ll2).toBe('2026-06-10T02:55:00Z');
    expect(snapshot.manifest.build_clock).toBe('2026-06-10T12:00:00Z');
  });

  it.skipIf(!TAR)(
    'and its server says so when it starts, not the age of the build',
    async () => {
      const download = path.join(work, 'download');
      await mkdir(download);
      await writeFile(path.join(download, ARCHIVE_FILE), snapshot.archive);
      expect((await run('tar', ['-xzf', ARCHIVE_FILE], download)).code).toBe(0);
      const server = await spawnUntil(process.execPath, ['serve.mjs', '--port', '0'], /\n(data [^\n]*)\n/, {
        cwd: path.join(download, SNAPSHOT_NAME),
      });
      await server.stop();
      // The days since then depend on today's date; the rest does not.
      expect(server.match[1]).toMatch(
        /^data last heard from Launch Library 2 on 2026-06-10T02:55:00Z \(\d+\.\d days ago; built 2026-06-10T12:00:00Z\): 8 launches, 1 events$/,
      );
    },
    60_000,
  );
});
