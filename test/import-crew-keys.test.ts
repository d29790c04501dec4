// A 2.3.0 launch's crew, imported: each crew member names our astronaut record by
// key, never LL2's whole astronaut object, whose `url` (and its agency's) would be
// published as it is (the url regression of the launchcal-2026-10 import). Hand-made
// fixture: fixtures/ll2/launch-detailed-crew.json, the fixture launch with one
// spacecraft stage (an invented capsule, landing and astronaut, LL2 2.3.0 shapes).
// The data rule `nested-object` refuses an object where a key belongs.

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLl2Files } from '../scripts/lib/import/io.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { generateApi, validateDataDir } from '../scripts/lib/pipeline.ts';
import { removeDir, tempDir } from './helpers/data.ts';

const FIXTURE = fileURLToPath(new URL('./fixtures/ll2/launch-detailed-crew.json', import.meta.url));
const NOW = Date.parse('2025-06-01T00:00:00Z');
const BASE = 'https://example.invalid/2.3.0/';
const LAUNCH_FILE = 'launches/2020/fixture-rocket-block-1-fixture-crew-1.yaml';

let dir: string;
let dataDir: string;
beforeAll(async () => {
  dir = await tempDir('lss-crew-keys-');
  dataDir = path.join(dir, 'data');
  const run = await importLl2Files({
    dataDir,
    files: [FIXTURE],
    now: NOW,
    savedBy: 'someone/crew-list@1',
    savedAt: '2024-06-02T00:00:00Z',
  });
  expect(run.newErrors).toEqual([]);
});
afterAll(async () => removeDir(dir));

const read = async (file: string) => parse(await readFile(path.join(dataDir, file), 'utf8')) as JsonObject;

/** Every `url` value of a JSON value, with its path. */
function urlsIn(value: unknown, at = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => urlsIn(v, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === 'url' && typeof v === 'string' ? [[`${at}.${k}`, v] as [string, string]] : urlsIn(v, `${at}.${k}`),
  );
}

describe("a 2.3.0 launch's crew, imported", () => {
  it('names the astronaut by key in the launch and files it as our record, its agency and nationality by key', async () => {
    const launch = await read(LAUNCH_FILE);
    const [stage] = (launch.rocket as JsonObject).spacecraft_stage as JsonObject[];
    expect((stage.launch_crew as JsonObject[]).map((m) => m.astronaut)).toEqual(['rita-example']);
    expect((stage.landing_crew as JsonObject[]).map((m) => m.astronaut)).toEqual(['rita-example']);
    const astronauts = await read('reference/astronauts.yaml');
    const agencies = await read('reference/agencies.yaml');
    const countries = await read('reference/countries.yaml');
    const agencyKey = Object.keys(agencies).find((k) => (agencies[k] as JsonObject).id === 9001);
    const countryKey = Object.keys(countries).find((k) => (countries[k] as JsonObject).alpha_3_code === 'TLD');
    expect(astronauts['rita-example']).toMatchObject({
      id: 9101,
      name: 'Rita Example',
      agency: agencyKey,
      nationality: [countryKey],
      provenance: { ll2_version: '2.3.0', url: 'https://ll.thespacedevs.com/2.3.0/astronauts/9101/' },
    });
  });

  it('publishes no url of LL2 in any response, and the crew with urls of ours', async () => {
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const files = generateApi(checked.dataset!, { now: NOW, baseUrl: BASE });
    const json = files.filter((f) => f.path.endsWith('.json'));
    const ll2 = json.flatMap((f) =>
      urlsIn(JSON.parse(String(f.content)))
        .filter(([, url]) => url.includes('ll.thespacedevs.com'))
        .map(([at, url]) => `${f.path} ${at} ${url}`),
    );
    expect(ll2).toEqual([]);
    const flight = json.find((f) => f.path === '2.3.0/spacecraft_flights/9301/index.json');
    const crew = (JSON.parse(String(flight!.content)) as JsonObject).launch_crew as JsonObject[];
    expect((crew[0].astronaut as JsonObject).url).toBe(`${BASE}astronauts/9101/`);
  });

  it('is refused by validation when a crew member holds the whole LL2 object (rule nested-object, file:line:col)', async () => {
    const file = path.join(dataDir, LAUNCH_FILE);
    const text = await readFile(file, 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('astronaut: rita-example')) + 1;
    await writeFile(
      file,
      text.replace(
        'astronaut: rita-example',
        'astronaut: {id: 9101, url: "https://ll.thespacedevs.com/2.3.0/astronauts/9101/", name: Rita Example}',
      ),
    );
    const checked = await validateDataDir(dataDir, NOW);
    await writeFile(file, text);
    const found = checked.problems.filter((p) => p.rule === 'nested-object');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      severity: 'error',
      file: expect.stringContaining(LAUNCH_FILE),
      line,
      field: 'rocket.spacecraft_stage.0.launch_crew.0.astronaut',
    });
    expect(found[0].col).toBeGreaterThan(0);
    expect(found[0].message).toContain('https://ll.thespacedevs.com/2.3.0/astronauts/9101/');
  });
});
