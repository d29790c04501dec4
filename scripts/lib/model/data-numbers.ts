// The data in numbers (issue 37 item 5): per year, the launches we hold and, where
// a saved LL2 list states it, how many LL2 listed (LL2_LISTED); the astronauts and
// how many have an agency, an image and a biography; the upcoming horizon (the last
// NET we hold, and the upcoming launches at the clock). In: launch records, the
// astronaut records and the build clock. Out: plain tables, the same for the same
// data and clock, which `npm run coverage` prints (numbersReport) and status.json
// publishes (`data_in_numbers`). Pure.

import type { ReferenceRecord } from './records.ts';

/**
 * How many launches LL2 listed for a year, as a whole list that a public project
 * saved states it (counted in that file: one launch per LL2 id). `what` says which
 * list: LL2's flown launches (previous) up to the save, or its upcoming list on the
 * day of the save, which for that day's year counts only the launches from that day.
 */
export interface Ll2Listed {
  count: number;
  what: 'flown launches' | 'upcoming launches';
  /** The day the list was saved (UTC). */
  as_of: string;
  /** Who saved it: `owner/repo@commit`, and LL2's version. */
  source: string;
}

const PREVIOUS_2024 = 'TiloHeidasch/launchschedule@65634fc67a1d, LL2 2.2.0 previous launches';
const UPCOMING_2026 = 'nshiffer/space-tracker@15518001055c, LL2 2.2.0 upcoming list';

/** Counted in ../shared/ll2-dumps (its README names the files): launchschedule-2024-09 and space-tracker-2026-04. */
const FLOWN_TO_2024: Record<number, number> = {
  1957: 3,
  1958: 28,
  1959: 28,
  1960: 45,
  1961: 62,
  1962: 87,
  1963: 76,
  1964: 106,
  1965: 137,
  1966: 141,
  1967: 146,
  1968: 133,
  1969: 125,
  1970: 124,
  1971: 134,
  1972: 113,
  1973: 116,
  1974: 113,
  1975: 132,
  1976: 132,
  1977: 130,
  1978: 128,
  1979: 110,
  1980: 108,
  1981: 126,
  1982: 129,
  1983: 129,
  1984: 129,
  1985: 125,
  1986: 110,
  1987: 114,
  1988: 121,
  1989: 102,
  1990: 121,
  1991: 91,
  1992: 97,
  1993: 83,
  1994: 93,
  1995: 80,
  1996: 77,
  1997: 89,
  1998: 82,
  1999: 78,
  2000: 85,
  2001: 59,
  2002: 65,
  2003: 63,
  2004: 55,
  2005: 56,
  2006: 67,
  2007: 68,
  2008: 69,
  2009: 79,
  2010: 77,
  2011: 98,
  2012: 85,
  2013: 88,
  2014: 100,
  2015: 89,
  2016: 96,
  2017: 97,
  2018: 124,
  2019: 114,
  2020: 123,
  2021: 160,
  2022: 193,
  2023: 234,
  2024: 170,
};
const UPCOMING_FROM_2026: Record<number, number> = {
  2026: 198,
  2027: 88,
  2028: 28,
  2029: 32,
  2030: 4,
  2031: 5,
  2032: 1,
  2033: 2,
  2035: 2,
  2036: 1,
  2038: 1,
  2039: 1,
};

/** Each year's LL2 count, where a saved list states one (the newest such list for the year). */
export const LL2_LISTED: ReadonlyMap<number, Ll2Listed> = new Map([
  ...Object.entries(FLOWN_TO_2024).map(([year, count]): [number, Ll2Listed] => [
    Number(year),
    { count, what: 'flown launches', as_of: '2024-09-10', source: PREVIOUS_2024 },
  ]),
  ...Object.entries(UPCOMING_FROM_2026).map(([year, count]): [number, Ll2Listed] => [
    Number(year),
    { count, what: 'upcoming launches', as_of: '2026-04-03', source: UPCOMING_2026 },
  ]),
]);

export interface YearNumbers {
  year: number;
  /** Launches we hold with a NET in the year. */
  launches: number;
  /** LL2's count of the year as a saved list states it, or null where none does. */
  ll2_listed: Ll2Listed | null;
}

export interface DataNumbers {
  years: YearNumbers[];
  astronauts: { count: number; with_agency: number; with_image: number; with_biography: number };
  upcoming: { count: number; last_net: string | null; by_year: Array<{ year: number; launches: number }> };
}

const filled = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(typeof value === 'object' && Object.keys(value).length === 0);

/** The numbers of a data set at a clock. `upcomingNets`: the NETs of the upcoming launches (collections' order). */
export function dataNumbers(
  launches: ReadonlyArray<{ net: string }>,
  astronauts: Iterable<ReferenceRecord>,
  upcomingNets: readonly string[],
): DataNumbers {
  const perYear = new Map<number, number>();
  let lastNet: string | null = null;
  for (const { net } of launches) {
    const year = Number(net.slice(0, 4));
    perYear.set(year, (perYear.get(year) ?? 0) + 1);
    if (lastNet === null || net > lastNet) lastNet = net;
  }
  const years = [...perYear]
    .sort(([a], [b]) => a - b)
    .map(([year, count]) => ({ year, launches: count, ll2_listed: LL2_LISTED.get(year) ?? null }));
  const people = [...astronauts];
  const image = (record: ReferenceRecord) =>
    filled((record.image as { image_url?: unknown } | null | undefined)?.image_url);
  const upcomingYears = new Map<number, number>();
  for (const net of upcomingNets)
    upcomingYears.set(Number(net.slice(0, 4)), (upcomingYears.get(Number(net.slice(0, 4))) ?? 0) + 1);
  return {
    years,
    astronauts: {
      count: people.length,
      with_agency: people.filter((p) => filled(p.agency)).length,
      with_image: people.filter(image).length,
      with_biography: people.filter((p) => filled(p.bio)).length,
    },
    upcoming: {
      count: upcomingNets.length,
      last_net: lastNet,
      by_year: [...upcomingYears].sort(([a], [b]) => a - b).map(([year, n]) => ({ year, launches: n })),
    },
  };
}

/** The numbers as lines for `npm run coverage`. */
export function numbersReport(numbers: DataNumbers): string[] {
  const listed = (y: YearNumbers) =>
    y.ll2_listed
      ? `LL2 listed ${y.ll2_listed.count} (${y.ll2_listed.what}, ${y.ll2_listed.as_of}: ${y.ll2_listed.source})`
      : 'no saved LL2 list states a count';
  const { astronauts: a, upcoming: u } = numbers;
  return [
    'the data in numbers: launches held per year, and how many LL2 listed where a saved list states it:',
    ...numbers.years.map((y) => `  ${y.year}  ${String(y.launches).padStart(4)}  ${listed(y)}`),
    '',
    `astronauts: ${a.count}; with an agency ${a.with_agency}, an image ${a.with_image}, a biography ${a.with_biography}`,
    `upcoming at the clock: ${u.count} launches (${u.by_year.map((y) => `${y.year}: ${y.launches}`).join(', ') || 'none'}); the last NET held: ${u.last_net ?? 'none'}`,
  ];
}
