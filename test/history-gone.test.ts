// A launch the sync deleted (data/ll2-sync.yaml `removed`, docs/sync.md) is a change
// feed entry of its own, "gone from LL2's list": dated when the sync removed it, with
// why, a stable id, and no link to the page, detail or history it no longer has; in the
// feed of everything (a provider's feed cannot name it: the record held the provider).

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAtomFeed, parseJsonFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../scripts/lib/api/context.ts';
import type { OutputFile, PlannedFile } from '../scripts/lib/api/files.ts';
import { CHANGE_PATHS } from '../scripts/lib/outputs/change-feeds.ts';
import { changeFiles } from '../scripts/lib/outputs/changes.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { copyFixture, removeDir } from './helpers/data.ts';

const BASE = 'https://example.org/2.3.0/';
const GONE = '99999999-2222-4333-8444-555555555555';
const REMOVED = `removed:
  - at: 2030-02-18T10:47:00Z
    id: ${GONE}
    name: Falcon 9 Block 5 | Cancelled Demo
    reason: not-found
    path: launches/2030/falcon-9-block-5-cancelled-demo.yaml
  - at: 2029-12-01T10:47:00Z
    id: 88888888-2222-4333-8444-555555555555
    name: Long Gone
    reason: missing
    missing_since: 2029-11-30T08:00:00Z
    path: launches/2029/long-gone.yaml
`;

let dir: string;
let data: DataSet;
beforeAll(async () => {
  dir = await copyFixture();
  const state = path.join(dir, 'll2-sync.yaml');
  await writeFile(state, `${await readFile(state, 'utf8')}${REMOVED}`);
  const checked = await validateDataDir(dir, Date.parse('2030-02-20T00:00:00Z'));
  expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
  data = checked.dataset!;
});
afterAll(async () => removeDir(dir));

function build(now: string): Map<string, string> {
  const files = changeFiles(createContext(data, { now: Date.parse(now), baseUrl: BASE })) as Array<
    OutputFile | PlannedFile
  >;
  return new Map(files.map((f) => [f.path, String('render' in f ? f.render() : f.content)]));
}

describe("a launch gone from LL2's list", () => {
  it('is an entry of the feed of everything, dated by the sync, with why and no link to what is gone', () => {
    const files = build('2030-02-20T00:00:00Z');
    const json = parseJsonFeed(JSON.parse(files.get(`2.3.0/${CHANGE_PATHS.json}`)!));
    const gone = json.items!.filter((i) => i.tags?.includes('gone'));
    // The one removed within the last 30 days; the other is older than the window.
    expect(gone.map((i) => [i.id, i.title, i.date_published, i.url, i.external_url])).toEqual([
      [
        `tag:launch-schedule-service,2026:launch/${GONE}/gone/2030-02-18T10:47:00Z`,
        "Falcon 9 Block 5 | Cancelled Demo: gone from LL2's list",
        '2030-02-18T10:47:00Z',
        undefined,
        undefined,
      ],
    ]);
    expect(gone[0].content_text).toContain('404');
    const atom = parseAtomFeed(files.get(`2.3.0/${CHANGE_PATHS.atom}`)!);
    const entry = atom.entries!.find((e) => e.id === gone[0].id)!;
    // feedsmith gives an Atom text construct as { value }.
    expect(JSON.stringify(entry.title)).toContain(JSON.stringify(gone[0].title).slice(1, -1));
    expect(entry.links ?? []).toEqual([]);
  });

  it('keeps its id when the clock moves, and leaves the window after 30 days', () => {
    const ids = (now: string) =>
      (JSON.parse(build(now).get(`2.3.0/${CHANGE_PATHS.json}`)!).items as Array<{ id: string; tags: string[] }>)
        .filter((i) => i.tags.includes('gone'))
        .map((i) => i.id);
    expect(ids('2030-02-25T00:00:00Z')).toEqual(ids('2030-02-20T00:00:00Z'));
    expect(ids('2030-03-25T00:00:00Z')).toEqual([]);
    // Not before the sync removed it.
    expect(ids('2030-02-18T10:46:59Z')).toEqual([]);
  });

  it("is in no provider's feed", () => {
    const files = build('2030-02-20T00:00:00Z');
    for (const [file, text] of files)
      if (file.endsWith('.json') && file.includes('provider')) expect(text, file).not.toContain(GONE);
  });
});
