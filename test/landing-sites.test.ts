// Landing sites made whole (issue 37 item 4): import/spacecraft.ts completeLandingSites
// gives each landing record's site the `active` and `celestial_body` another copy's
// source states (the latest landing's), else the body of its location, else Earth
// for a site with no location, each marked in `provenance.assumed`; and a 2.3.0
// landing imported (the hand-made fixture launch-detailed-crew.json) keeps the body
// and `active` its source states, published in LL2's shape.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLl2Files } from '../scripts/lib/import/io.ts';
import { completeLandingSites } from '../scripts/lib/import/spacecraft.ts';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { generateApi, validateDataDir } from '../scripts/lib/pipeline.ts';
import { removeDir, tempDir } from './helpers/data.ts';

const v220 = { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: 'old/list@1' };
const v230 = { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.3.0', saved_by: 'new/list@2' };
const landing = (id: number, site: JsonObject, provenance: JsonObject): [string, JsonObject] => [
  `landing-${id}`,
  { id, attempt: true, landing_location: site, provenance },
];
const reference = {
  locations: new Map<string, JsonObject>([['cape', { id: 12, name: 'Cape', celestial_body: 'moon' }]]),
  celestialBodies: new Map<string, JsonObject>([
    ['earth', { id: 1, name: 'Earth' }],
    ['moon', { id: 2, name: 'Moon' }],
  ]),
};
const LANDINGS = new Map([
  landing(10, { id: 1, name: 'Drone Ship' }, v220),
  landing(20, { id: 1, name: 'Drone Ship', active: true, celestial_body: 'earth' }, v230),
  landing(11, { id: 5, name: 'Landing Zone', location: 'cape' }, v220),
  landing(12, { id: 6, name: 'Some Ocean', location: null }, v220),
]);

describe('landing sites completed from the copies that state them', () => {
  const { landings, changed } = completeLandingSites(LANDINGS, reference);
  const site = (key: string) => landings.get(key)!.landing_location as JsonObject;
  const assumed = (key: string) => (landings.get(key)!.provenance as JsonObject).assumed as Record<string, string>;

  it("takes the site's active and body from another landing's source, saying which", () => {
    expect(changed).toBe(true);
    expect(site('landing-10')).toMatchObject({ active: true, celestial_body: 'earth' });
    expect(assumed('landing-10')['landing_location.active']).toContain('landing 20 (LL2 2.3.0, saved by new/list@2)');
    expect(landings.get('landing-20')).toBe(LANDINGS.get('landing-20'));
  });

  it("gives a site its location's body, and a site without location Earth, and leaves active out", () => {
    expect(site('landing-11').celestial_body).toBe('moon');
    expect(assumed('landing-11')['landing_location.celestial_body']).toContain('its location (cape)');
    expect(site('landing-12').celestial_body).toBe('earth');
    expect(assumed('landing-12')['landing_location.celestial_body']).toContain('taken to be on Earth');
    expect('active' in site('landing-11')).toBe(false);
    expect('active' in site('landing-12')).toBe(false);
  });

  it('takes the latest landing of two that differ, and a second run changes nothing', () => {
    const more = new Map([
      ...LANDINGS,
      landing(30, { id: 1, name: 'Drone Ship', active: false, celestial_body: 'earth' }, v230),
    ]);
    const first = completeLandingSites(more, reference);
    expect((first.landings.get('landing-10')!.landing_location as JsonObject).active).toBe(false);
    expect((first.landings.get('landing-20')!.landing_location as JsonObject).active).toBe(true);
    const again = completeLandingSites(first.landings, reference);
    expect(again.changed).toBe(false);
    expect(again.landings).toEqual(first.landings);
  });
});

const FIXTURE = fileURLToPath(new URL('./fixtures/ll2/launch-detailed-crew.json', import.meta.url));
const NOW = Date.parse('2025-06-01T00:00:00Z');
let dir: string;
let dataDir: string;
beforeAll(async () => {
  dir = await tempDir('lss-landing-sites-');
  dataDir = path.join(dir, 'data');
  const run = await importLl2Files({ dataDir, files: [FIXTURE], now: NOW, savedBy: 'someone/crew-list@1' });
  expect(run.newErrors).toEqual([]);
});
afterAll(async () => removeDir(dir));

describe('a 2.3.0 landing imported', () => {
  it("publishes the site's active and celestial body as the source states them", async () => {
    const checked = await validateDataDir(dataDir, NOW);
    expect(checked.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const site = checked.dataset!.reference.landings.get('landing-9601')!.landing_location as JsonObject;
    expect(site).toMatchObject({ id: 9701, active: true, celestial_body: 'earth' });
    const files = generateApi(checked.dataset!, { now: NOW, baseUrl: 'https://example.invalid/2.3.0/' });
    const out = JSON.parse(String(files.find((f) => f.path === '2.3.0/landings/9601/index.json')!.content));
    expect(out.landing_location).toMatchObject({ id: 9701, active: true, location: null });
    expect(out.landing_location.celestial_body).toMatchObject({ id: 1, name: 'Earth' });
  });
});
