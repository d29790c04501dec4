// What the handler answers besides filtered pages: the detail routes under each
// list by membership at the build clock (issue 18), detail routes with a query
// string, `format`, django-filter's 400 bodies, redirects, methods, limits; which
// requests it claims at all; and that the endpoint table covers every list route
// and every parameter the official OpenAPI documents.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listRoutes } from '../scripts/lib/api/routes.ts';
import { claims, MAX_PARAMETERS, MAX_TARGET_LENGTH } from '../scripts/lib/query/claimed-routes.ts';
import { ENDPOINTS } from '../scripts/lib/query/endpoints.ts';
import { LL2_PARAMETERS } from '../scripts/lib/query/ll2-parameters.ts';
import { OFFICIAL_OPENAPI, officialOpenApiAvailable } from './helpers/official-schema.ts';
import { BASE_URL, ORIGIN, Q, queryFixture, RESUPPLY, SPUTNIK, uuid, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
});

const detailFile = (path: string) => fixture.files.get(`2.3.0/${path}index.json`)!;
const RECENT = uuid(Q.recent);
const NOT_FOUND = { detail: 'Not found.' };

describe('detail routes under a list (issue 18)', () => {
  it.each([
    ['launches/upcoming/', RECENT, `launches/${RECENT}/`],
    ['launches/previous/', RECENT, `launches/${RECENT}/`],
    ['launches/upcoming/', RESUPPLY, `launches/${RESUPPLY}/`],
    ['launches/previous/', SPUTNIK, `launches/${SPUTNIK}/`],
    ['events/upcoming/', '902', 'events/902/'],
    ['events/previous/', '902', 'events/902/'],
    ['events/previous/', '904', 'events/904/'],
  ])('%s%s/ answers with the detail resource, byte for byte', async (list, id, detail) => {
    const { status, text } = await fixture.get(`${list}${id}/`);
    expect(status).toBe(200);
    expect(text).toBe(detailFile(detail));
  });

  it.each([
    ['launches/upcoming/', SPUTNIK],
    ['launches/previous/', RESUPPLY],
    ['events/upcoming/', '904'],
    ['events/upcoming/', '903'],
    ['events/previous/', '903'],
    ['launches/upcoming/', '00000000-0000-4000-8000-999999999999'],
  ])("%s%s/ is not in that list at the build clock: LL2's 404", async (list, id) => {
    const { status, body } = await fixture.get(`${list}${id}/`);
    expect([status, body]).toEqual([404, NOT_FOUND]);
  });

  it("applies the list's filters too (DRF filters the queryset before looking the record up)", async () => {
    expect((await fixture.get(`launches/upcoming/${RECENT}/?hide_recent_previous=true`)).status).toBe(404);
    expect((await fixture.get(`launches/upcoming/${RECENT}/?lsp__id=147`)).status).toBe(200);
    expect((await fixture.get(`launches/upcoming/${RECENT}/?search=starlink`)).status).toBe(404);
    expect((await fixture.get(`launches/upcoming/${RECENT}/?lsp__id=x`)).body).toEqual({
      lsp__id: ['Enter a number.'],
    });
  });

  it('is claimed with or without a query string, and redirects without its slash', async () => {
    expect(claims(new URL(`${ORIGIN}/2.3.0/launches/upcoming/${RECENT}/`))).toBe(true);
    const response = await fixture.handler.fetch(new Request(`${ORIGIN}/2.3.0/launches/upcoming/${RECENT}?mode=list`));
    expect([response.status, response.headers.get('location')]).toEqual([
      301,
      `/2.3.0/launches/upcoming/${RECENT}/?mode=list`,
    ]);
  });
});

describe("which requests are the engine's", () => {
  it.each([
    ['/2.3.0/launches/upcoming/?limit=5', true],
    ['/2.3.0/launches/upcoming/', false],
    ['/2.3.0/launches/upcoming/?', false],
    ['/2.3.0/launches/upcoming?limit=5', true],
    ['/2.3.0/launches/upcoming', false],
    [`/2.3.0/launches/${SPUTNIK}/`, false],
    [`/2.3.0/launches/${SPUTNIK}/?format=json`, true],
    ['/2.3.0/events/901/?x=1', true],
    ['/2.3.0/launches/page/2/?limit=5', false],
    ['/2.3.0/status.json?x=1', false],
    ['/2.3.0/launches/upcoming/not-a-uuid/', false],
    ['/launches/upcoming/?limit=5', false],
  ])('%s → %s', (path, claimed) => {
    expect(claims(new URL(`${ORIGIN}${path}`))).toBe(claimed);
  });
});

describe('detail routes with a query string', () => {
  it("echo `format` in every url of our resources, as DRF's hyperlinks do", async () => {
    const { status, body, text } = await fixture.get(`launches/${RESUPPLY}/?format=json`);
    expect(status).toBe(200);
    expect(body.url).toBe(`${BASE_URL}launches/${RESUPPLY}/?format=json`);
    expect(body.launch_service_provider.url).toBe(`${BASE_URL}agencies/121/?format=json`);
    expect(body.pad.location.url).toBe(`${BASE_URL}locations/12/?format=json`);
    expect(body.info_urls[0].url).toBe('https://example.org/fixture');
    expect(text.replaceAll('/?format=json"', '/"')).toBe(detailFile(`launches/${RESUPPLY}/`));
    const event = (await fixture.get('events/?format=api&id=901')).body.results[0];
    expect(event.url).toBe(`${BASE_URL}events/901/?format=api`);
  });

  it('answer 404 for another format (DRF has no such renderer) and for an unknown record', async () => {
    expect((await fixture.get(`launches/${SPUTNIK}/?format=xml`)).status).toBe(404);
    expect((await fixture.get('launches/?format=JSON')).body).toEqual(NOT_FOUND);
    expect((await fixture.get('launches/00000000-0000-4000-8000-999999999999/?format=json')).body).toEqual(NOT_FOUND);
    expect((await fixture.get(`launches/${SPUTNIK}/?lsp__id=121`)).status).toBe(404);
  });
});

describe("bad values: 400 with django-filter's body", () => {
  it.each([
    ['launches/?net__gte=notadate', { net__gte: ['Enter a valid date/time.'] }],
    ['launches/?lsp__id=abc', { lsp__id: ['Enter a number.'] }],
    ['launches/?lsp__id=121,x', { lsp__id: ['Enter a number.'] }],
    ['launches/?orbital_launch_attempt_count=NaN', { orbital_launch_attempt_count: ['Enter a number.'] }],
    ['launches/?orbital_launch_attempt_count=%20', { orbital_launch_attempt_count: ['Enter a number.'] }],
    ['launches/?id=not-a-uuid', { id: ['Enter a valid UUID.'] }],
    ['launches/?status=9', { status: ['Select a valid choice. That choice is not one of the available choices.'] }],
    ['launches/?pad=abc', { pad: ['Select a valid choice. That choice is not one of the available choices.'] }],
    ['launches/?program=x', { program: ['“x” is not a valid value.'] }],
    ['launches/?program=', { program: ['“” is not a valid value.'] }],
    ['launches/?program=99', { program: ['Select a valid choice. 99 is not one of the available choices.'] }],
    ['launches/?program=017', { program: ['Select a valid choice. 017 is not one of the available choices.'] }],
    ['launches/?name=a%00b', { name: ['Null characters are not allowed.'] }],
    ['events/?type=3', { type: ['Select a valid choice. That choice is not one of the available choices.'] }],
    ['events/?date__gt__lt=2024-13-01', { date__gt__lt: ['Enter a valid date/time.'] }],
    [
      'launches/upcoming/?window_end__lt=yesterday&net__gt=2024-02-30&status__ids=one',
      {
        net__gt: ['Enter a valid date/time.'],
        status__ids: ['Enter a number.'],
        window_end__lt: ['Enter a valid date/time.'],
      },
    ],
  ])('%s', async (query, expected) => {
    const { status, body, headers } = await fixture.get(query);
    expect(status).toBe(400);
    expect(body).toEqual(expected);
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('ignores unknown parameters and bad values of parameters that never fail (booleans, limit, ordering, mode)', async () => {
    const { status, body } = await fixture.get(
      'launches/?unknown=1&is_crewed=perhaps&limit=x&ordering=nope&mode=wide&date__gt=x',
    );
    expect(status).toBe(200);
    expect(body.count).toBe(9);
  });

  it('reads the last of a repeated parameter', async () => {
    expect((await fixture.get('launches/?lsp__id=x&lsp__id=147')).body.count).toBe(2);
    expect((await fixture.get('launches/?lsp__id=147&lsp__id=x')).status).toBe(400);
  });
});

describe('the edges of a request', () => {
  it('answers 414 to a request target longer than the limit, and 400 to too many parameters', async () => {
    const long = await fixture.get(`launches/?search=${'a'.repeat(MAX_TARGET_LENGTH)}`);
    expect([long.status, long.body]).toEqual([414, { detail: 'Request-URI Too Long' }]);
    const many = await fixture.get(
      `launches/?${Array.from({ length: MAX_PARAMETERS + 1 }, (_, i) => `p${i}`).join('&')}`,
    );
    expect(many.status).toBe(400);
  });

  it('answers 405 to other methods, 204 with CORS to a preflight, and HEAD without a body', async () => {
    const post = await fixture.handler.fetch(new Request(`${ORIGIN}/2.3.0/launches/?limit=1`, { method: 'POST' }));
    expect([post.status, post.headers.get('allow'), await post.json()]).toEqual([
      405,
      'GET, HEAD, OPTIONS',
      { detail: 'Method "POST" not allowed.' },
    ]);
    const preflight = await fixture.handler.fetch(
      new Request(`${ORIGIN}/2.3.0/launches/?limit=1`, { method: 'OPTIONS' }),
    );
    expect([
      preflight.status,
      preflight.headers.get('access-control-allow-origin'),
      preflight.headers.get('access-control-allow-methods'),
    ]).toEqual([204, '*', 'GET, HEAD, OPTIONS']);
    const head = await fixture.handler.fetch(new Request(`${ORIGIN}/2.3.0/launches/?limit=1`, { method: 'HEAD' }));
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'application/json', '']);
  });

  it('allows any origin and says what it sends', async () => {
    const { headers } = await fixture.get('launches/?limit=1');
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers 503 with a reason when the tree has no query index', async () => {
    const { createHandler } = await import('../scripts/lib/query/handler.ts');
    const bare = createHandler({ readText: async () => undefined });
    const response = await bare.fetch(new Request(`${ORIGIN}/2.3.0/launches/?limit=1`));
    expect(response.status).toBe(503);
    expect((await response.json()).detail).toMatch(/query index/);
  });
});

describe('the endpoint table', () => {
  it('has an endpoint for every list route', () => {
    expect([...ENDPOINTS.keys()].sort()).toEqual(
      listRoutes()
        .map((r) => r.path)
        .sort(),
    );
  });

  it('has a row for every parameter LL2 documents for each endpoint (our list, kept in the code)', () => {
    for (const [path, names] of Object.entries(LL2_PARAMETERS)) {
      const endpoint = ENDPOINTS.get(path)!;
      const rows = endpoint.table.parameters.filter((p) => !p.only || p.only.includes(path)).map((p) => p.name);
      expect(
        names.filter((name) => !rows.includes(name)),
        path,
      ).toEqual([]);
    }
    expect(Object.keys(LL2_PARAMETERS).sort()).toEqual([...ENDPOINTS.keys()].sort());
  });

  it('is what our published OpenAPI lists for each list route, with a 400 answer', () => {
    const document = JSON.parse(fixture.files.get('2.3.0/openapi.json')!);
    for (const [path, endpoint] of ENDPOINTS) {
      const operation = document.paths[`/${path}`].get;
      const rows = endpoint.table.parameters.filter((p) => !p.only || p.only.includes(path)).map((p) => p.name);
      expect(
        operation.parameters.map((p: { name: string }) => p.name),
        path,
      ).toEqual(rows);
      expect(operation.responses[400], path).toEqual({ $ref: '#/components/responses/BadRequest' });
    }
    const upcoming = document.paths['/launches/upcoming/'].get.parameters;
    expect(upcoming.find((p: { name: string }) => p.name === 'lsp__id')).toMatchObject({
      in: 'query',
      schema: { type: 'array' },
      explode: false,
    });
    expect(upcoming.find((p: { name: string }) => p.name === 'program')).toMatchObject({
      schema: { type: 'array', items: { type: 'integer' } },
      explode: true,
    });
  });

  it.skipIf(!officialOpenApiAvailable)("our list is the official OpenAPI's, endpoint by endpoint", () => {
    const text = readFileSync(OFFICIAL_OPENAPI, 'utf8').replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
    const paths = (parse(text) as { paths: Record<string, { get: { parameters?: Array<{ name: string }> } }> }).paths;
    for (const [path, names] of Object.entries(LL2_PARAMETERS)) {
      const official = paths[`/2.3.0/${path}`].get.parameters!.map((p) => p.name);
      // `format` is DRF's, not in the document; lldev's 2.3.0 adds date__lt to events.
      expect([...names].filter((n) => n !== 'format' && n !== 'date__lt').sort(), path).toEqual([...official].sort());
    }
  });
});
