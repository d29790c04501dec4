// The data in numbers (model/data-numbers.ts; issue 37 item 5): per year the
// launches held beside LL2's count where a saved list states one, astronauts with
// an agency, an image and a biography, the upcoming horizon; in status.json and in
// `npm run coverage`'s lines, the same at the same clock. Counts by hand.

import { beforeAll, describe, expect, it } from 'vitest';
import { dataNumbers, LL2_LISTED, numbersReport } from '../scripts/lib/model/data-numbers.ts';
import type { ReferenceRecord } from '../scripts/lib/model/records.ts';
import { historyFilesBuilt, NOW } from './helpers/history-site.ts';

const person = (id: number, fields: Record<string, unknown>): ReferenceRecord =>
  ({ id, name: `Person ${id}`, ...fields }) as ReferenceRecord;

describe('the data in numbers', () => {
  it('counts launches per year beside the LL2 count a saved list states, and nothing where none does', () => {
    const numbers = dataNumbers(
      [
        { net: '1957-10-04T19:28:34Z' },
        { net: '2025-03-01T00:00:00Z' },
        { net: '2025-04-01T00:00:00Z' },
        { net: '2027-06-30T00:00:00Z' },
      ],
      [],
      ['2027-06-30T00:00:00Z'],
    );
    expect(numbers.years).toEqual([
      {
        year: 1957,
        launches: 1,
        ll2_listed: {
          count: 3,
          what: 'flown launches',
          as_of: '2024-09-10',
          source: 'TiloHeidasch/launchschedule@65634fc67a1d, LL2 2.2.0 previous launches',
        },
      },
      // No saved whole LL2 list covers 2025.
      { year: 2025, launches: 2, ll2_listed: null },
      {
        year: 2027,
        launches: 1,
        ll2_listed: {
          count: 88,
          what: 'upcoming launches',
          as_of: '2026-04-03',
          source: 'nshiffer/space-tracker@15518001055c, LL2 2.2.0 upcoming list',
        },
      },
    ]);
    expect(numbers.upcoming).toEqual({
      count: 1,
      last_net: '2027-06-30T00:00:00Z',
      by_year: [{ year: 2027, launches: 1 }],
    });
  });

  it('states LL2 counts only for the years its saved lists cover', () => {
    // The whole flown list to 2024-09 (6,947 launches) and the upcoming list of 2026-04-03 (363).
    const sum = (what: string) =>
      [...LL2_LISTED.values()].filter((l) => l.what === what).reduce((n, l) => n + l.count, 0);
    expect(sum('flown launches')).toBe(6947);
    expect(sum('upcoming launches')).toBe(363);
    expect(LL2_LISTED.has(2025)).toBe(false);
  });

  it('counts the astronauts with an agency, an image (an image URL) and a biography', () => {
    const numbers = dataNumbers(
      [],
      [
        person(1, { agency: 'nasa', image: { image_url: 'https://example.org/1.jpg' }, bio: 'Pilot.' }),
        person(2, { agency: 'esa', image: null, bio: '' }),
        person(3, { agency: null, image: { id: 0, name: '' }, bio: 'Engineer.' }),
        person(4, {}),
      ],
      [],
    );
    expect(numbers.astronauts).toEqual({ count: 4, with_agency: 2, with_image: 1, with_biography: 2 });
    expect(numbers.upcoming).toEqual({ count: 0, last_net: null, by_year: [] });
  });

  it("prints as `npm run coverage`'s lines", () => {
    const lines = numbersReport(dataNumbers([{ net: '2025-03-01T00:00:00Z' }], [person(1, { agency: 'nasa' })], []));
    expect(lines).toEqual([
      'the data in numbers: launches held per year, and how many LL2 listed where a saved list states it:',
      '  2025     1  no saved LL2 list states a count',
      '',
      'astronauts: 1; with an agency 1, an image 0, a biography 0',
      'upcoming at the clock: 0 launches (none); the last NET held: 2025-03-01T00:00:00Z',
    ]);
  });
});

describe('status.json', () => {
  let status: { data_in_numbers: ReturnType<typeof dataNumbers> };
  beforeAll(async () => {
    status = JSON.parse((await historyFilesBuilt()).get('2.3.0/status.json')!);
  }, 60_000);

  it('publishes the numbers of the build: its launches by year, its astronauts, its upcoming horizon at the clock', () => {
    const { years, astronauts, upcoming } = status.data_in_numbers;
    // Sputnik 1 (1957), the six launches of 2026, the fixture's resupply of 2030.
    expect(years.map((y) => [y.year, y.launches, y.ll2_listed?.count ?? null])).toEqual([
      [1957, 1, 3],
      [2026, 6, 198],
      [2030, 1, 4],
    ]);
    // The fixture's one astronaut has all three.
    expect(astronauts).toEqual({ count: 1, with_agency: 1, with_image: 1, with_biography: 1 });
    // Upcoming at 2026-06-10T12:00Z: 3001–3004 and 3006 (3004's NET passed 6 hours before: within LL2's 24), and 2030's.
    expect(upcoming).toEqual({
      count: 6,
      last_net: '2030-03-01T12:00:00Z',
      by_year: [
        { year: 2026, launches: 5 },
        { year: 2030, launches: 1 },
      ],
    });
  });

  it('is the same at the same clock, and its upcoming horizon moves with the clock', async () => {
    const again = JSON.parse((await historyFilesBuilt()).get('2.3.0/status.json')!);
    expect(again.data_in_numbers).toEqual(status.data_in_numbers);
    const later = JSON.parse((await historyFilesBuilt(undefined, NOW + 30 * 86_400_000)).get('2.3.0/status.json')!);
    // 2026-07-10: only 2030's is ahead.
    expect(later.data_in_numbers.upcoming.count).toBe(1);
  });
});
