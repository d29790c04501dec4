// A stand-in for LL2 2.3.0 on loopback, for the sync's tests. It holds detailed
// launches and events (made from the importer's fixtures, invented entities) and
// answers the collections the sync reads as LL2 does (launches and events):
// `last_updated__gte`, `id`
// (a comma-separated list), `ordering`, `limit` (at most 100) and `offset`,
// upcoming = the last 24 hours and later, a launch's own detail (404 once it is
// gone: a test deletes a launch by taking it out of `launches`), and the page
// envelope {count, next, previous, results}. It records
// every request with its headers, and a test can make it fail (429, 500, a body
// that is not JSON, no answer at all).
//
// Run by hand, it serves LL2 JSON files (pages, arrays or single objects of
// launches and events) for a sync to read (docs/sync.md):
//   npx tsx test/helpers/ll2-stand-in.ts [--port 8765] [--now ISO] FILE...

import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseFlags } from '../../scripts/lib/cli/options.ts';
import { parseLl2 } from '../../scripts/lib/import/parse.ts';
import type { Json, JsonObject } from '../../scripts/lib/model/records.ts';

const fixture = (name: string): JsonObject =>
  JSON.parse(readFileSync(new URL(`../fixtures/ll2/${name}`, import.meta.url), 'utf8')) as JsonObject;
const LAUNCH_TEMPLATE = fixture('launch-detailed.json');
const EVENT_TEMPLATE = fixture('event-detailed.json');
const DAY = 24 * 60 * 60 * 1000;
const LL2_MAX_LIMIT = 100;

const GO = {
  id: 1,
  name: 'Go for Launch',
  abbrev: 'Go',
  description: 'Current T-0 confirmed by official or reliable sources.',
};

/** A deterministic launch UUID for number `n`. */
export const syncLaunchId = (n: number) => `5c000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A detailed LL2 launch, number `n`: upcoming ones are Go, past ones keep the template's success. */
export function detailedLaunch(n: number, net: string, lastUpdated: string, now: number): JsonObject {
  const id = syncLaunchId(n);
  const launch = structuredClone(LAUNCH_TEMPLATE);
  const end = new Date(Date.parse(net) + 2 * 60 * 60 * 1000).toISOString().replace('.000Z', 'Z');
  return {
    ...launch,
    id,
    url: `https://ll.thespacedevs.com/2.3.0/launches/${id}/`,
    name: `Fixture Rocket Block 1 | Sync ${n}`,
    slug: `fixture-rocket-block-1-sync-${n}`,
    last_updated: lastUpdated,
    net,
    window_start: net,
    window_end: end,
    ...(Date.parse(net) > now ? { status: GO, failreason: null } : {}),
  };
}

const LIST_KEYS = [
  'id',
  'url',
  'name',
  'slug',
  'launch_designator',
  'status',
  'last_updated',
  'net',
  'net_precision',
  'window_end',
  'window_start',
  'image',
  'infographic',
];

/** A detailed LL2 event linking the given launches (in list mode, as LL2 nests them). */
export function detailedEvent(id: number, date: string, lastUpdated: string, launches: JsonObject[] = []): JsonObject {
  return {
    ...structuredClone(EVENT_TEMPLATE),
    id,
    url: `https://ll.thespacedevs.com/2.3.0/events/${id}/`,
    name: `Fixture Sync Event ${id}`,
    slug: `fixture-sync-event-${id}`,
    date,
    last_updated: lastUpdated,
    launches: launches.map((l) => ({ ...Object.fromEntries(LIST_KEYS.map((k) => [k, l[k]])), response_mode: 'list' })),
  };
}

export interface StandInRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type FaultAnswer = { status: number; headers?: Record<string, string>; body: string } | 'hang';
/** Decides, per request, to fail instead of answering (undefined: answer normally). */
export type Fault = (request: StandInRequest, index: number) => FaultAnswer | undefined;

export interface Ll2StandIn {
  /** http://127.0.0.1:PORT/2.3.0/ */
  baseUrl: string;
  requests: StandInRequest[];
  launches: JsonObject[];
  events: JsonObject[];
  /** LL2 astronauts (`astronauts/`, `in_space` filter) and space stations (`space_stations/`): the resources in rotation. */
  astronauts: JsonObject[];
  spaceStations: JsonObject[];
  /** LL2 expeditions (`expeditions/`, in LL2's `ordering`, by id unless asked). */
  expeditions: JsonObject[];
  /** LL2's Starship dashboard (`dashboard/starship/`, one object): by default, every list empty. */
  starshipDashboard: JsonObject;
  fault?: Fault;
  close(): Promise<void>;
}

type Sorter = (a: JsonObject, b: JsonObject) => number;

/** LL2's `ordering`: comma-separated fields, `-` for descending. */
function sorter(ordering: string): Sorter {
  const fields = ordering
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return (a, b) => {
    for (const field of fields) {
      const name = field.replace(/^-/, '');
      const sign = field.startsWith('-') ? -1 : 1;
      const [x, y] = [String(a[name] ?? ''), String(b[name] ?? '')];
      if (x !== y) return x < y ? -sign : sign;
    }
    return 0;
  };
}

function page(all: JsonObject[], url: URL): JsonObject {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), LL2_MAX_LIMIT);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const link = (at: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('limit', String(limit));
    if (at > 0) params.set('offset', String(at));
    else params.delete('offset');
    params.sort();
    return `${url.origin}${url.pathname}?${params}`;
  };
  return {
    count: all.length,
    next: offset + limit < all.length ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: all.slice(offset, offset + limit),
  };
}

/** LL2's StarshipDashboardNormal with every list empty. */
export const emptyStarshipDashboard = (): JsonObject => ({
  response_mode: 'normal',
  updates: [],
  live_streams: [],
  road_closures: [],
  notices: [],
  vehicles: [],
  orbiters: [],
  upcoming: { launches: [], events: [] },
  previous: { launches: [], events: [] },
});

export interface StandInOptions {
  now: number;
  launches?: JsonObject[];
  events?: JsonObject[];
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Told of every request (run by hand, it prints them). */
  log?: (request: StandInRequest) => void;
}

export async function startLl2StandIn(options: StandInOptions): Promise<Ll2StandIn> {
  const standIn = {
    requests: [] as StandInRequest[],
    launches: options.launches ?? [],
    events: options.events ?? [],
    astronauts: [],
    spaceStations: [],
    expeditions: [],
    starshipDashboard: emptyStarshipDashboard(),
  } as unknown as Ll2StandIn;
  const recent = options.now - DAY;
  const answer = (url: URL): { status: number; body: JsonObject } => {
    const gte = url.searchParams.get('last_updated__gte');
    const changed = (items: JsonObject[]) =>
      gte === null ? items : items.filter((i) => Date.parse(String(i.last_updated)) >= Date.parse(gte));
    const ordered = (items: JsonObject[], fallback: string) =>
      [...items].sort(sorter(url.searchParams.get('ordering') ?? fallback));
    switch (url.pathname) {
      case '/2.3.0/launches/': {
        // LL2's `id` filter: a comma-separated list of ids (a launch LL2 deleted is simply not in the answer).
        const ids = url.searchParams.get('id');
        const wanted =
          ids === null ? standIn.launches : standIn.launches.filter((l) => ids.split(',').includes(String(l.id)));
        return { status: 200, body: page(ordered(changed(wanted), 'net,id'), url) };
      }
      case '/2.3.0/launches/upcoming/':
        return {
          status: 200,
          body: page(
            ordered(changed(standIn.launches.filter((l) => Date.parse(String(l.net)) >= recent)), 'net,id'),
            url,
          ),
        };
      case '/2.3.0/events/': {
        const ids = url.searchParams.get('id');
        const wanted =
          ids === null ? standIn.events : standIn.events.filter((e) => ids.split(',').includes(String(e.id)));
        return { status: 200, body: page(ordered(changed(wanted), 'date,id'), url) };
      }
      case '/2.3.0/astronauts/': {
        const inSpace = url.searchParams.get('in_space');
        const wanted =
          inSpace === null ? standIn.astronauts : standIn.astronauts.filter((a) => String(a.in_space) === inSpace);
        return { status: 200, body: page(ordered(wanted, 'name,id'), url) };
      }
      case '/2.3.0/space_stations/':
        return { status: 200, body: page(ordered(standIn.spaceStations, 'id'), url) };
      case '/2.3.0/expeditions/':
        return { status: 200, body: page(ordered(standIn.expeditions, 'id'), url) };
      case '/2.3.0/dashboard/starship/':
        return { status: 200, body: standIn.starshipDashboard };
      case '/2.3.0/events/upcoming/':
        return {
          status: 200,
          body: page(
            ordered(changed(standIn.events.filter((e) => Date.parse(String(e.date)) >= recent)), 'date,id'),
            url,
          ),
        };
      default: {
        const one = /^\/2\.3\.0\/launches\/([0-9a-f-]{36})\/$/.exec(url.pathname);
        const launch = one && standIn.launches.find((l) => l.id === one[1]);
        return launch ? { status: 200, body: launch } : { status: 404, body: { detail: 'Not found.' } };
      }
    }
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const request = { path: url.pathname, query: url.searchParams, headers: req.headers };
    standIn.requests.push(request);
    options.log?.(request);
    const fault = standIn.fault?.(request, standIn.requests.length - 1);
    if (fault === 'hang') return; // never answers; the client's timeout must end it
    const { status, headers, body } = fault ?? { ...answer(url), headers: undefined };
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.baseUrl = `http://127.0.0.1:${port}/2.3.0/`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { flags, positional } = parseFlags(process.argv.slice(2));
  const items = positional.flatMap((file) => parseLl2(JSON.parse(readFileSync(file, 'utf8')) as Json, file).items);
  const standIn = await startLl2StandIn({
    now: typeof flags.get('now') === 'string' ? Date.parse(flags.get('now') as string) : Date.now(),
    port: Number(flags.get('port') ?? 8765),
    launches: items.filter((i) => i.kind === 'launch').map((i) => i.value),
    events: items.filter((i) => i.kind === 'event').map((i) => i.value),
    log: (request) =>
      console.log(
        `GET ${request.path}?${request.query}${request.headers.authorization ? ' (with Authorization)' : ''}`,
      ),
  });
  console.log(
    `LL2 stand-in with ${standIn.launches.length} launch(es) and ${standIn.events.length} event(s) at ${standIn.baseUrl} (Ctrl-C stops it)`,
  );
}
