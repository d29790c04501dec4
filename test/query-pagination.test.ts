// LL2's paginator (DRF LimitOffsetPagination): limit and offset as DRF reads them,
// and `next`/`previous` written as DRF writes them — the request's address,
// every parameter kept and sorted, `limit` always, `offset` dropped from
// `previous` at 0; plus the Python query-string behaviour those links rest on.

import { beforeAll, describe, expect, it } from 'vitest';
import { pageLinks, pageWindow } from '../scripts/lib/query/pagination.ts';
import {
  compareCodePoints,
  encodeQuery,
  parseQueryPairs,
  pythonInt,
  quotePlus,
  splitOnSpace,
} from '../scripts/lib/query/python-text.ts';
import { ORIGIN, queryFixture, type QueryFixture } from './helpers/query-site.ts';

const values = (query: string) => {
  const pairs = parseQueryPairs(query);
  return {
    last: (key: string) => pairs.filter(([k]) => k === key).at(-1)?.[1],
    all: (key: string) => pairs.filter(([k]) => k === key).map(([, v]) => v),
  };
};

describe('limit and offset', () => {
  it.each([
    ['', 10, 0n],
    ['limit=5', 5, 0n],
    ['limit=100', 100, 0n],
    ['limit=101', 100, 0n],
    ['limit=99999999999999999999999', 100, 0n],
    ['limit=0', 10, 0n],
    ['limit=-3', 10, 0n],
    ['limit=abc', 10, 0n],
    ['limit=2.5', 10, 0n],
    ['limit=%203%20', 3, 0n],
    ['limit=%2B3', 3, 0n],
    ['limit=1_0', 10, 0n],
    ['limit=5&limit=7', 7, 0n],
    ['offset=20', 10, 20n],
    ['offset=0', 10, 0n],
    ['offset=-1', 10, 0n],
    ['offset=x', 10, 0n],
    ['offset=123456789012345678901234567890', 10, 123456789012345678901234567890n],
  ])('?%s → limit %s, offset %s', (query, limit, offset) => {
    expect(pageWindow(values(query))).toEqual({ limit, offset });
  });
});

describe('next and previous', () => {
  const address = 'https://ll.example.org/2.3.0/launches/upcoming/';
  const links = (query: string, count: number) =>
    pageLinks(address, parseQueryPairs(query), pageWindow(values(query)), count);

  it('writes limit always, sorts the keys, and drops offset from previous when it would be 0', () => {
    expect(links('', 25)).toEqual({ next: `${address}?limit=10&offset=10`, previous: null });
    expect(links('offset=10', 25)).toEqual({ next: `${address}?limit=10&offset=20`, previous: `${address}?limit=10` });
    expect(links('offset=20', 25)).toEqual({ next: null, previous: `${address}?limit=10&offset=10` });
    expect(links('offset=5', 25)).toEqual({ next: `${address}?limit=10&offset=15`, previous: `${address}?limit=10` });
    expect(links('mode=list&format=json&limit=5&offset=5', 20)).toEqual({
      next: `${address}?format=json&limit=5&mode=list&offset=10`,
      previous: `${address}?format=json&limit=5&mode=list`,
    });
  });

  it('is null past the end; previous from far past the end steps back by one limit', () => {
    expect(links('offset=1000', 25)).toEqual({ next: null, previous: `${address}?limit=10&offset=990` });
    expect(links('offset=123456789012345678901234567890', 3).previous).toBe(
      `${address}?limit=10&offset=123456789012345678901234567880`,
    );
    expect(links('', 10)).toEqual({ next: null, previous: null });
    expect(links('', 0)).toEqual({ next: null, previous: null });
  });

  it('keeps every parameter, repeated ones in their order, blank ones as `key=`, re-encoded as Python does', () => {
    expect(links('program=2&program=1&zeta&search=caf%C3%A9+x%2Fy&limit=1', 3).next).toBe(
      `${address}?limit=1&offset=1&program=2&program=1&search=caf%C3%A9+x%2Fy&zeta=`,
    );
    expect(links('limit=abc&q=%E2%82%AC', 30).next).toBe(`${address}?limit=10&offset=10&q=%E2%82%AC`);
  });
});

describe('Python text behaviour', () => {
  it('parses query strings as parse_qsl(keep_blank_values=True)', () => {
    expect(parseQueryPairs('a=1&&b&c=&=d&e=%zz&f=a+b%2Bc&g=%FF')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['c', ''],
      ['', 'd'],
      ['e', '%zz'],
      ['f', 'a b+c'],
      ['g', '\uFFFD'],
    ]);
  });

  it('encodes as quote_plus and sorts keys by code point', () => {
    expect(quotePlus('a b&c=d/é~_.-')).toBe('a+b%26c%3Dd%2F%C3%A9~_.-');
    expect(
      encodeQuery(
        [
          ['b', '2'],
          ['a', '1'],
          ['b', '3'],
        ],
        { c: '4', a: undefined },
      ),
    ).toBe('b=2&b=3&c=4');
    expect(['\u{1F600}', '\uFFFF'].sort(compareCodePoints)).toEqual(['\uFFFF', '\u{1F600}']);
  });

  it('reads int() and str.split() as Python does', () => {
    expect([' 12 ', '+5', '-3', '1_000', '1__0', '1.0', ''].map(pythonInt)).toEqual([
      12n,
      5n,
      -3n,
      1000n,
      undefined,
      undefined,
      undefined,
    ]);
    expect(splitOnSpace(' a\tb\u00a0c\u3000d  ')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('pages the engine answers', () => {
  let fixture: QueryFixture;
  beforeAll(async () => {
    fixture = await queryFixture();
  });

  it("links follow the request's host and path, not the build's base URL", async () => {
    const { body } = await fixture.get('launches/?limit=2&offset=2&mode=list');
    expect(body.count).toBe(9);
    expect(body.next).toBe(`${ORIGIN}/2.3.0/launches/?limit=2&mode=list&offset=4`);
    expect(body.previous).toBe(`${ORIGIN}/2.3.0/launches/?limit=2&mode=list`);
    expect(
      body.results.map((r: { url: string }) => r.url.startsWith('https://api.example.org/2.3.0/launches/')),
    ).toEqual([true, true]);
  });

  it('defaults to 10 a page whenever there is a query string, and an offset past the count gives no results', async () => {
    expect((await fixture.get('launches/?format=json')).body).toMatchObject({ count: 9, next: null, previous: null });
    expect((await fixture.get('launches/?format=json')).body.results).toHaveLength(9);
    const far = (await fixture.get('launches/?offset=50&limit=5')).body;
    expect(far).toMatchObject({
      count: 9,
      next: null,
      previous: `${ORIGIN}/2.3.0/launches/?limit=5&offset=45`,
      results: [],
    });
  });

  it("writes the envelope keys in LL2's order", async () => {
    const { text } = await fixture.get('events/?limit=1');
    expect(
      text.startsWith(
        '{"count":5,"next":"http://query.test/2.3.0/events/?limit=1\\u0026offset=1","previous":null,"results":[{"id":',
      ),
    ).toBe(true);
  });
});
