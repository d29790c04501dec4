import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordToYaml } from '../scripts/lib/data/canonical.ts';
import { validateDataDir } from '../scripts/lib/pipeline.ts';
import { eventTemplate, launchTemplate, parseGivenTime, recordPath, slugify } from '../scripts/lib/data/scaffold.ts';
import { eventSchema, launchSchema } from '../scripts/schemas/data-files.ts';
import { copyFixture, removeDir } from './helpers/data.ts';

const NOW = Date.parse('2026-11-21T15:30:12Z');
let dir: string;
beforeEach(async () => {
  dir = await copyFixture();
});
afterEach(async () => removeDir(dir));

async function place(relative: string, text: string) {
  await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
  await writeFile(path.join(dir, relative), text);
}

describe('new records', () => {
  it('a new launch has every required field, a fresh id, and fails validation only on its TODOs', async () => {
    const record = launchTemplate({ id: '0b0c5d4e-1111-4222-8333-444455556666', now: NOW });
    expect(record).toMatchObject({
      net: '2026-11-21T00:00:00Z',
      net_precision: 'day',
      last_updated: '2026-11-21T15:30:12Z',
    });
    for (const field of launchSchema.required as string[]) expect(record).toHaveProperty(field);
    await place(recordPath('launches', record.slug, record.net), recordToYaml(record, launchSchema));
    const errors = (await validateDataDir(dir, NOW)).problems.filter((p) => p.severity === 'error');
    expect(new Set(errors.map((p) => p.rule))).toEqual(new Set(['unfilled-template']));
    expect(errors.map((p) => p.field)).toEqual(
      expect.arrayContaining([
        'name',
        'launch_service_provider',
        'rocket.configuration',
        'pad',
        'mission.orbit',
        'info_urls.0.url',
      ]),
    );
  });

  it('a filled-in launch validates', async () => {
    const record = launchTemplate({
      id: '0b0c5d4e-1111-4222-8333-444455556666',
      now: NOW,
      name: 'Falcon 9 Block 5 | Filled',
      net: '2027-01-10T00:00:00Z',
    });
    Object.assign(record, {
      launch_service_provider: 'spacex',
      pad: 'slc-40',
      rocket: { configuration: 'falcon-9-block-5' },
      info_urls: [{ url: 'https://example.org/a' }],
    });
    record.mission = { name: 'Filled', type: 'communications', orbit: 'leo', description: '', agencies: [] };
    expect(record.slug).toBe('falcon-9-block-5-filled');
    await place(recordPath('launches', record.slug, record.net), recordToYaml(record, launchSchema));
    expect((await validateDataDir(dir, NOW)).problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('a new event has every required field', () => {
    const record = eventTemplate({ id: 902, now: NOW });
    for (const field of eventSchema.required as string[]) expect(record).toHaveProperty(field);
    expect(recordPath('events', record.slug, record.date)).toBe('events/2026/new-event-902.yaml');
  });

  it('a time given takes the precision of its last unit that is not zero', () => {
    expect(parseGivenTime('2027-01-10T14:30:05Z')).toEqual({ timestamp: '2027-01-10T14:30:05Z', precision: 'second' });
    expect(parseGivenTime('2027-01-10T14:30Z')).toEqual({ timestamp: '2027-01-10T14:30:00Z', precision: 'minute' });
    expect(parseGivenTime('2027-01-10T14:30:00Z')).toEqual({ timestamp: '2027-01-10T14:30:00Z', precision: 'minute' });
    expect(parseGivenTime('2027-01-10T14Z')).toEqual({ timestamp: '2027-01-10T14:00:00Z', precision: 'hour' });
    expect(parseGivenTime('2027-01-10T14:00:00Z')).toMatchObject({ precision: 'hour' });
    expect(parseGivenTime('2027-01-10')).toEqual({ timestamp: '2027-01-10T00:00:00Z', precision: 'day' });
    expect(parseGivenTime('2027-01-10T00:00:00Z')).toMatchObject({ precision: 'day' });
    for (const bad of [
      '2027-02-30',
      '2027-01-10T24:00Z',
      '2027-01-10T14:30+02:00',
      '2027-01-10T14:30',
      'soon',
      '2027-01',
    ])
      expect(parseGivenTime(bad)).toBeUndefined();
  });

  it('a new launch and event take their precision from the time given, and it validates', async () => {
    const launch = launchTemplate({ id: '0b0c5d4e-1111-4222-8333-444455556666', now: NOW, net: '2027-01-10T14:30Z' });
    expect(launch).toMatchObject({
      net: '2027-01-10T14:30:00Z',
      net_precision: 'minute',
      window_start: '2027-01-10T14:30:00Z',
      window_end: '2027-01-10T14:30:00Z',
    });
    expect(eventTemplate({ id: 902, now: NOW, date: '2027-01-10T09Z' })).toMatchObject({
      date: '2027-01-10T09:00:00Z',
      date_precision: 'hour',
    });
    expect(() => launchTemplate({ id: 'x', now: NOW, net: 'next week' })).toThrow(/not a time/);
    await place(recordPath('launches', launch.slug, launch.net), recordToYaml(launch, launchSchema));
    const errors = (await validateDataDir(dir, NOW)).problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => p.rule).filter((r) => r !== 'unfilled-template')).toEqual([]);
  });

  it('slugs are lower-case, hyphenated and ASCII', () => {
    expect(slugify('Long March 2F/G | Shenzhou 21 — Crew')).toBe('long-march-2f-g-shenzhou-21-crew');
    expect(slugify('Ariane 6 | Sentinel-1D (Évolution)')).toBe('ariane-6-sentinel-1d-evolution');
  });
});
