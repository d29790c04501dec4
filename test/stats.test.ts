import { beforeAll, describe, expect, it } from 'vitest';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { ReferenceData } from '../scripts/lib/model/records.ts';
import { computeStats, formatDuration } from '../scripts/lib/model/stats.ts';
import { FIXTURE_DIR, makeLaunch, memoryDataSet } from './helpers/data.ts';

let reference: ReferenceData;
beforeAll(async () => {
  const checked = checkData(await loadDataDir(FIXTURE_DIR), Date.parse('2026-01-01T00:00:00Z'));
  reference = checked.dataset!.reference;
});

describe('launch attempt counters', () => {
  it('count launches with NET at or before this one, so equal NETs share a count', () => {
    const launches = [
      makeLaunch(1, '2024-01-01T00:00:00Z'),
      makeLaunch(2, '2024-05-01T00:00:00Z'),
      makeLaunch(3, '2024-05-01T00:00:00Z'),
      makeLaunch(4, '2025-02-01T00:00:00Z', { pad: 'baikonur-1-5', launch_service_provider: 'soviet-space-program' }),
    ];
    const stats = computeStats(memoryDataSet(launches, [], reference));
    const counters = (n: number) => stats.launch.get(launches[n - 1].id)!;
    expect(counters(1).orbital_launch_attempt_count).toBe(1);
    expect(counters(2).orbital_launch_attempt_count).toBe(3);
    expect(counters(3).orbital_launch_attempt_count).toBe(3);
    expect(counters(2).pad_launch_attempt_count).toBe(3);
    expect(counters(4)).toMatchObject({
      orbital_launch_attempt_count: 4,
      orbital_launch_attempt_count_year: 1,
      pad_launch_attempt_count: 1,
      location_launch_attempt_count: 1,
      agency_launch_attempt_count: 1,
      agency_launch_attempt_count_year: 1,
    });
    expect(counters(3)).toMatchObject({
      agency_launch_attempt_count: 3,
      agency_launch_attempt_count_year: 3,
      location_launch_attempt_count_year: 3,
    });
  });

  it('suborbital launches have no orbital count and do not raise others', () => {
    const sub = makeLaunch(1, '2024-01-01T00:00:00Z', {
      mission: { name: 'Hop', type: 'test-flight', orbit: 'suborbital' },
    });
    const orbital = makeLaunch(2, '2024-02-01T00:00:00Z');
    const stats = computeStats(memoryDataSet([sub, orbital], [], reference));
    expect(stats.launch.get(sub.id)!.orbital_launch_attempt_count).toBeNull();
    expect(stats.launch.get(orbital.id)!.orbital_launch_attempt_count).toBe(1);
    expect(stats.launch.get(orbital.id)!.pad_launch_attempt_count).toBe(2);
    expect(stats.pads.get('slc-40')!.orbital_launch_attempt_count).toBe(1);
    expect(stats.pads.get('slc-40')!.total_launch_count).toBe(2);
  });
});

describe('pad, location and agency figures', () => {
  const launches = [
    makeLaunch(1, '2024-01-01T00:00:00Z'),
    makeLaunch(2, '2024-01-03T06:00:00Z', { status: 'failure' }),
    makeLaunch(3, '2024-01-04T06:30:00Z'),
    makeLaunch(4, '2027-01-01T00:00:00Z', { status: 'tbd' }),
  ];
  const stats = () => computeStats(memoryDataSet(launches, [], reference));

  it('totals count only launches that flew; pending counts those waiting', () => {
    expect(stats().pads.get('slc-40')).toEqual({
      total_launch_count: 3,
      orbital_launch_attempt_count: 3,
      fastest_turnaround: 'P1DT30M',
    });
    expect(stats().locations.get('cape-canaveral')).toEqual({ total_launch_count: 3 });
    expect(stats().agencies.get('spacex')).toEqual({
      total_launch_count: 3,
      successful_launches: 2,
      failed_launches: 1,
      pending_launches: 1,
      consecutive_successful_launches: 1,
    });
    expect(stats().families.get('falcon-9')!.total_launch_count).toBe(3);
    expect(stats().celestialBodies.get('earth')).toEqual({
      total_attempted_launches: 3,
      successful_launches: 2,
      failed_launches: 1,
    });
  });

  it('pad turnaround is the time since the previous launch from the pad, P0D for the first', () => {
    expect(stats().launch.get(launches[0].id)!.pad_turnaround).toBe('P0D');
    expect(stats().launch.get(launches[1].id)!.pad_turnaround).toBe('P2DT6H');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, 'P0D'],
    [1000, 'PT1S'],
    [(23 * 3600 + 32 * 60 + 33) * 1000, 'PT23H32M33S'],
    [(2 * 86400 + 19 * 3600 + 40 * 60) * 1000, 'P2DT19H40M'],
    [5 * 86400 * 1000, 'P5D'],
  ])('%i ms is %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});
