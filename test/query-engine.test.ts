// The query engine against hand-computed answers on the query fixture
// (helpers/query-site.ts): a case for every parameter row of both tables (a test
// fails when a row has none), search, ordering with ties, and hide_recent_previous.
// Expected records are listed by name, in the list's order.

import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TABLE } from '../scripts/lib/query/event-table.ts';
import { LAUNCH_TABLE } from '../scripts/lib/query/launch-table.ts';
import { queryFixture, RESUPPLY, SPUTNIK, uuid, Q, type QueryFixture } from './helpers/query-site.ts';

const SP = 'Sputnik 8K71PS | Sputnik 1';
const OLD = 'Falcon 9 Block 5 | Old Flight';
const SUB = 'Electron | Suborbital Test';
const REC = 'Electron | Recent Flight';
const SL1 = 'Falcon 9 Block 5 | Starlink Group 1';
const SL2 = 'Falcon 9 Block 5 | Starlink Group 2';
const CREW = 'Falcon 9 Block 5 | Crew Flight';
const LUN = 'Vulcan VC2S | Lunar Lander';
const RES = 'Falcon 9 Block 5 | Fixture Resupply';
/** `launches/` in its default order (NET, then name). */
const ALL = [SP, OLD, SUB, REC, SL1, SL2, CREW, LUN, RES];
const FALCON = [OLD, SL1, SL2, CREW, RES];
const without = (...names: string[]) => ALL.filter((n) => !names.includes(n));

const PAST_DOCKING = 'Past Docking';
const FIRE = 'Electron Static Fire';
const LUNAR_FIRE = 'Lunar Static Fire';
const DOCKING = 'Fixture Resupply Docking';
const UNDATED = 'Undated Docking';

/** Per parameter: [query on the list route, the records it keeps]. The first list route of the resource unless the query starts with a path. */
type Cases = Record<string, Array<[query: string, expected: string[]]>>;

// Counters of the fixture, in ALL order (read from its detail files, null for a suborbital launch's orbital counts):
// agency 1,1,1,2,3,3,4,1,5 · agency_year 1,1,1,1,2,2,3,1,1 · location 1,1,1,2,3,3,4,5,6 · location_year 1,1,1,1,2,2,3,1,1
// orbital 1,2,-,3,5,5,6,7,8 · orbital_year 1,1,-,1,3,3,4,1,1 · pad 1,1,1,2,3,3,4,1,5 · pad_year 1,1,1,1,2,2,3,1,1
const LAUNCH_CASES: Cases = {
  agency_launch_attempt_count: [
    ['agency_launch_attempt_count=3', [SL1, SL2]],
    ['agency_launch_attempt_count=3.0', [SL1, SL2]],
    ['agency_launch_attempt_count=2.5', []],
  ],
  agency_launch_attempt_count__gt: [
    ['agency_launch_attempt_count__gt=3', [CREW, RES]],
    ['agency_launch_attempt_count__gt=2.5', [SL1, SL2, CREW, RES]],
  ],
  agency_launch_attempt_count__gte: [['agency_launch_attempt_count__gte=3', [SL1, SL2, CREW, RES]]],
  agency_launch_attempt_count__lt: [
    ['agency_launch_attempt_count__lt=2', [SP, OLD, SUB, LUN]],
    ['agency_launch_attempt_count__lt=1e-9', []],
  ],
  agency_launch_attempt_count__lte: [['agency_launch_attempt_count__lte=2', [SP, OLD, SUB, REC, LUN]]],
  agency_launch_attempt_count_year: [['agency_launch_attempt_count_year=2', [SL1, SL2]]],
  agency_launch_attempt_count_year__gt: [['agency_launch_attempt_count_year__gt=2', [CREW]]],
  agency_launch_attempt_count_year__gte: [['agency_launch_attempt_count_year__gte=2', [SL1, SL2, CREW]]],
  agency_launch_attempt_count_year__lt: [['agency_launch_attempt_count_year__lt=2', without(SL1, SL2, CREW)]],
  agency_launch_attempt_count_year__lte: [['agency_launch_attempt_count_year__lte=2', without(CREW)]],
  location_launch_attempt_count: [['location_launch_attempt_count=5', [LUN]]],
  location_launch_attempt_count__gt: [['location_launch_attempt_count__gt=4', [LUN, RES]]],
  location_launch_attempt_count__gte: [['location_launch_attempt_count__gte=6', [RES]]],
  location_launch_attempt_count__lt: [['location_launch_attempt_count__lt=2', [SP, OLD, SUB]]],
  location_launch_attempt_count__lte: [['location_launch_attempt_count__lte=2', [SP, OLD, SUB, REC]]],
  location_launch_attempt_count_year: [['location_launch_attempt_count_year=3', [CREW]]],
  location_launch_attempt_count_year__gt: [['location_launch_attempt_count_year__gt=1', [SL1, SL2, CREW]]],
  location_launch_attempt_count_year__gte: [['location_launch_attempt_count_year__gte=3', [CREW]]],
  location_launch_attempt_count_year__lt: [['location_launch_attempt_count_year__lt=2', without(SL1, SL2, CREW)]],
  location_launch_attempt_count_year__lte: [['location_launch_attempt_count_year__lte=2', without(CREW)]],
  orbital_launch_attempt_count: [['orbital_launch_attempt_count=5', [SL1, SL2]]],
  orbital_launch_attempt_count__gt: [['orbital_launch_attempt_count__gt=6', [LUN, RES]]],
  orbital_launch_attempt_count__gte: [['orbital_launch_attempt_count__gte=6', [CREW, LUN, RES]]],
  // The suborbital launch has no orbital count (null): no comparison keeps it.
  orbital_launch_attempt_count__lt: [['orbital_launch_attempt_count__lt=3', [SP, OLD]]],
  orbital_launch_attempt_count__lte: [['orbital_launch_attempt_count__lte=3', [SP, OLD, REC]]],
  orbital_launch_attempt_count_year: [['orbital_launch_attempt_count_year=4', [CREW]]],
  orbital_launch_attempt_count_year__gt: [['orbital_launch_attempt_count_year__gt=3', [CREW]]],
  orbital_launch_attempt_count_year__gte: [['orbital_launch_attempt_count_year__gte=3', [SL1, SL2, CREW]]],
  orbital_launch_attempt_count_year__lt: [['orbital_launch_attempt_count_year__lt=2', [SP, OLD, REC, LUN, RES]]],
  orbital_launch_attempt_count_year__lte: [['orbital_launch_attempt_count_year__lte=1', [SP, OLD, REC, LUN, RES]]],
  pad_launch_attempt_count: [['pad_launch_attempt_count=1', [SP, OLD, SUB, LUN]]],
  pad_launch_attempt_count__gt: [['pad_launch_attempt_count__gt=3', [CREW, RES]]],
  pad_launch_attempt_count__gte: [['pad_launch_attempt_count__gte=3', [SL1, SL2, CREW, RES]]],
  pad_launch_attempt_count__lt: [['pad_launch_attempt_count__lt=2', [SP, OLD, SUB, LUN]]],
  pad_launch_attempt_count__lte: [['pad_launch_attempt_count__lte=2', [SP, OLD, SUB, REC, LUN]]],
  pad_launch_attempt_count_year: [['pad_launch_attempt_count_year=2', [SL1, SL2]]],
  pad_launch_attempt_count_year__gt: [['pad_launch_attempt_count_year__gt=2', [CREW]]],
  pad_launch_attempt_count_year__gte: [['pad_launch_attempt_count_year__gte=2', [SL1, SL2, CREW]]],
  pad_launch_attempt_count_year__lt: [['pad_launch_attempt_count_year__lt=3', without(CREW)]],
  pad_launch_attempt_count_year__lte: [['pad_launch_attempt_count_year__lte=1', without(SL1, SL2, CREW)]],
  day: [
    ['day=25', [SL1, SL2]],
    ['day=1,4', [SP, SUB, RES]],
  ],
  month: [['month=11', [REC, SL1, SL2]]],
  year: [
    ['year=2026', [REC, SL1, SL2, CREW]],
    ['year=1957,2020', [SP, OLD]],
  ],
  id: [
    [`id=${uuid(Q.starlink1)},${uuid(Q.starlink2)}`, [SL1, SL2]],
    [`id=${uuid(Q.crew).toUpperCase().replace(/-/g, '')},{${SPUTNIK}}`, [SP, CREW]],
  ],
  include_suborbital: [
    ['include_suborbital=false', without(SUB)],
    ['include_suborbital=true', ALL],
    ['include_suborbital=maybe', ALL],
  ],
  is_crewed: [
    ['is_crewed=true', [CREW]],
    ['is_crewed=False', without(CREW)],
    ['is_crewed=1', [CREW]],
  ],
  last_updated__gte: [['last_updated__gte=2026-11-20T00:00:00Z', [REC, SL1, SL2, RES]]],
  last_updated__lte: [['last_updated__lte=2020-06-01', [OLD]]],
  launch_designator: [['launch_designator=2025-050,1957-001', [SP, SUB]]],
  launcher_config__id: [
    ['launcher_config__id=26', [SUB, REC]],
    ['launcher_config__id=26,201', [SUB, REC, LUN]],
  ],
  location__ids: [
    ['location__ids=10', [SUB, REC]],
    ['location__ids=10,15', [SP, SUB, REC]],
  ],
  lsp__id: [
    ['lsp__id=147,124', [SUB, REC, LUN]],
    ['lsp__id=,', []],
    ['lsp__id=', ALL],
  ],
  lsp__name: [
    ['lsp__name=Rocket%20Lab', [SUB, REC]],
    ['lsp__name=rocket+lab', []],
  ],
  mission__orbit__celestial_body__id: [['mission__orbit__celestial_body__id=2', [LUN]]],
  mission__orbit__name: [['mission__orbit__name=Suborbital', [SUB]]],
  mission__orbit__name__icontains: [
    ['mission__orbit__name__icontains=LUNAR', [LUN]],
    ['mission__orbit__name__icontains=earth%20orbit', [SP, OLD, REC, SL1, SL2, CREW, RES]],
  ],
  name: [
    ['name=Electron+%7C+Recent+Flight', [REC]],
    ['name=+Electron+%7C+Recent+Flight+', [REC]],
    ['name=electron+%7C+recent+flight', []],
  ],
  net__gt: [
    ['net__gt=2026-11-25T10:00:00Z', [CREW, LUN, RES]],
    ['net__gt=2026-11-25T11:00:00%2B01:00', [CREW, LUN, RES]],
  ],
  net__gte: [
    ['net__gte=2026-11-25T10:00:00Z', [SL1, SL2, CREW, LUN, RES]],
    ['net__gte=2026-11-25', [SL1, SL2, CREW, LUN, RES]],
  ],
  net__lt: [
    ['net__lt=2020-05-30T19:22:45Z', [SP]],
    ['net__lt=2020-05-30T19:22:45.000001Z', [SP, OLD]],
  ],
  net__lte: [
    ['net__lte=2020-05-30T19:22:45Z', [SP, OLD]],
    ['net__lte=2020-05-30 19:22', [SP]],
  ],
  pad: [
    ['pad=120', [SUB, REC]],
    ['pad=%20120%20', [SUB, REC]],
  ],
  pad__location: [['pad__location=10', [SUB, REC]]],
  pad__location__celestial_body__id: [
    ['pad__location__celestial_body__id=1', ALL],
    ['pad__location__celestial_body__id=2', []],
  ],
  program: [
    ['program=15', [LUN]],
    ['program=17&program=15', [CREW, LUN, RES]],
  ],
  related_lsp__id: [['related_lsp__id=121', FALCON]],
  related_lsp__name: [
    [
      'related_lsp__name=SpaceX,United%20Launch%20Alliance',
      [...FALCON, LUN].sort((a, b) => ALL.indexOf(a) - ALL.indexOf(b)),
    ],
  ],
  rocket__configuration__full_name: [['rocket__configuration__full_name=Vulcan%20VC2S', [LUN]]],
  rocket__configuration__full_name__icontains: [['rocket__configuration__full_name__icontains=block', FALCON]],
  rocket__configuration__id: [['rocket__configuration__id=469', [SP]]],
  rocket__configuration__manufacturer__name: [
    ['rocket__configuration__manufacturer__name=United%20Launch%20Alliance', [LUN]],
  ],
  rocket__configuration__manufacturer__name__icontains: [
    ['rocket__configuration__manufacturer__name__icontains=rocket', [SUB, REC]],
  ],
  rocket__configuration__name: [['rocket__configuration__name=Falcon%209', FALCON]],
  rocket__spacecraftflight__spacecraft__id: [['rocket__spacecraftflight__spacecraft__id=37', [CREW]]],
  rocket__spacecraftflight__spacecraft__name: [
    ['rocket__spacecraftflight__spacecraft__name=Crew%20Dragon%20Endeavour', [CREW]],
  ],
  rocket__spacecraftflight__spacecraft__name__icontains: [
    ['rocket__spacecraftflight__spacecraft__name__icontains=DRAGON', [CREW]],
  ],
  serial_number: [['serial_number=B1090,B1085', [SL1, CREW]]],
  slug: [[`slug=test-launch-${Q.starlink2}`, [SL2]]],
  // The crew flight's Endeavour is a Crew Dragon (22); no launch of ours flies the Cargo Dragon placeholder (7).
  spacecraft_config__ids: [
    ['spacecraft_config__ids=22,8', [CREW]],
    ['spacecraft_config__ids=7', []],
  ],
  status: [['status=4', [SUB]]],
  status__ids: [['status__ids=1,2', [SL1, SL2, CREW, LUN, RES]]],
  video_url: [
    ['video_url=https://video.example.org/old-2', [OLD]],
    ['video_url=https://video.example.org/old,https://video.example.org/starlink-1', [OLD, SL1]],
  ],
  window_end__gt: [['window_end__gt=2027-01-15T01:00:00Z', [LUN, RES]]],
  window_end__gte: [['window_end__gte=2027-01-15T02:00:00Z', [LUN, RES]]],
  window_end__lt: [['window_end__lt=1957-10-05', [SP]]],
  window_end__lte: [['window_end__lte=1957-10-04T19:28:34Z', [SP]]],
  window_start__gt: [['window_start__gt=2027-01-14T22:00:00Z', [LUN, RES]]],
  window_start__gte: [['window_start__gte=2027-01-14T23:00:00Z', [LUN, RES]]],
  window_start__lt: [['window_start__lt=2027-01-14T23:00:00Z', without(LUN, RES)]],
  window_start__lte: [['window_start__lte=2027-01-14T23:00:00Z', without(RES)]],
};

// `events/` in its default order: dated ones by date, the undated one last.
const EVENTS = [PAST_DOCKING, FIRE, LUNAR_FIRE, DOCKING, UNDATED];
const EVENT_CASES: Cases = {
  agency__ids: [
    ['agency__ids=44', [PAST_DOCKING, DOCKING]],
    ['agency__ids=147,44', [PAST_DOCKING, FIRE, DOCKING]],
  ],
  date__gt: [['date__gt=2026-11-21T00:00:00Z', [LUNAR_FIRE, DOCKING]]],
  date__gt__lt: [['date__gt__lt=2026-11-21T00:00:00Z', [PAST_DOCKING]]],
  date__gte: [['date__gte=2026-11-21T00:00:00Z', [FIRE, LUNAR_FIRE, DOCKING]]],
  date__lt: [['date__lt=2026-11-21T00:00:01Z', [PAST_DOCKING, FIRE]]],
  date__lte: [['date__lte=2025-01-01T00:00:00Z', [PAST_DOCKING]]],
  day: [
    ['day=1', [PAST_DOCKING, LUNAR_FIRE]],
    ['day=2,21', [FIRE, DOCKING]],
  ],
  id: [['id=903,904', [PAST_DOCKING, UNDATED]]],
  last_updated__gte: [['last_updated__gte=2026-10-01T00:00:00Z', [FIRE, LUNAR_FIRE, DOCKING]]],
  last_updated__lte: [['last_updated__lte=2026-01-01T00:00:00Z', [PAST_DOCKING, UNDATED]]],
  month: [
    ['month=2', [LUNAR_FIRE]],
    ['month=11,3', [FIRE, DOCKING]],
  ],
  program: [
    ['program=17', [DOCKING]],
    ['program=15&program=17', [LUNAR_FIRE, DOCKING]],
  ],
  slug: [['slug=fixture-resupply-docking', [DOCKING]]],
  type: [['type=5', [FIRE, LUNAR_FIRE]]],
  type__ids: [
    ['type__ids=2', [PAST_DOCKING, DOCKING, UNDATED]],
    ['type__ids=2,5', EVENTS],
  ],
  video_url: [['video_url=https://video.example.org/fire', [FIRE]]],
  year: [['year=2027', [LUNAR_FIRE]]],
};

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
});

async function names(path: string): Promise<string[]> {
  const { status, body } = await fixture.get(path);
  expect(status, path).toBe(200);
  expect(body.count, path).toBe(body.results.length);
  return body.results.map((r: { name: string }) => r.name);
}

const filterNames = (table: { parameters: ReadonlyArray<{ kind: string; name: string }> }) =>
  table.parameters.filter((p) => p.kind === 'filter').map((p) => p.name);

describe('every filter row, against hand-computed answers', () => {
  it('has a case for every filter of both tables, and no case without a row', () => {
    expect(Object.keys(LAUNCH_CASES).sort()).toEqual(filterNames(LAUNCH_TABLE).sort());
    expect(Object.keys(EVENT_CASES).sort()).toEqual(filterNames(EVENT_TABLE).sort());
  });

  describe.each(Object.entries(LAUNCH_CASES))('launches: %s', (_, cases) => {
    it.each(cases)('launches/?%s', async (query, expected) => {
      expect(await names(`launches/?limit=100&${query}`)).toEqual(expected);
    });
  });

  describe.each(Object.entries(EVENT_CASES))('events: %s', (_, cases) => {
    it.each(cases)('events/?%s', async (query, expected) => {
      expect(await names(`events/?limit=100&${query}`)).toEqual(expected);
    });
  });

  it('combines filters: every one must pass', async () => {
    expect(await names('launches/?lsp__id=121&year=2026&status=1')).toEqual([SL1, SL2]);
    expect(await names('launches/previous/?lsp__id=147')).toEqual([REC, SUB]);
  });
});

describe('hide_recent_previous (upcoming lists only)', () => {
  it('hides the launches and events of the last 24 hours from upcoming, any case of true', async () => {
    expect(await names('launches/upcoming/?format=json')).toEqual([REC, SL1, SL2, CREW, LUN, RES]);
    expect(await names('launches/upcoming/?hide_recent_previous=True')).toEqual([SL1, SL2, CREW, LUN, RES]);
    expect(await names('launches/upcoming/?hide_recent_previous=false')).toEqual([REC, SL1, SL2, CREW, LUN, RES]);
    expect(await names('events/upcoming/?hide_recent_previous=1')).toEqual([LUNAR_FIRE, DOCKING]);
  });

  it('is not a parameter of the other lists', async () => {
    expect(await names('launches/previous/?hide_recent_previous=true')).toEqual([REC, SUB, OLD, SP]);
    expect(await names('events/?hide_recent_previous=true')).toEqual(EVENTS);
  });
});

describe('search (DRF SearchFilter)', () => {
  it.each([
    ['search=starlink', [SL1, SL2]],
    ['search=STARLINK', [SL1, SL2]],
    ['search=spacex', FALCON],
    ['search=SpX', FALCON],
    ['search=mahia', [SUB, REC]],
    ['search=complex+1a', [SUB, REC]],
    ['search=falcon,starlink', [SL1, SL2]],
    ['search=falcon+flight', [OLD, CREW]],
    ['search=endeavour', [CREW]],
    ['search=star%00link', [SL1, SL2]],
    ['search=Lunar+Lander', [LUN]],
    ['search=2025-050', [SUB]],
    ['search=', ALL],
    ['search=+,+', ALL],
    ['search=nothing-matches', []],
  ])('launches/?%s', async (query, expected) => {
    expect(await names(`launches/?${query}`)).toEqual(expected);
  });

  it('searches the designator on launches/ and previous, not on upcoming (as LL2 lists them)', async () => {
    expect(await names('launches/previous/?search=2026-250')).toEqual([REC]);
    expect(await names('launches/upcoming/?search=2026-250')).toEqual([]);
    expect(await names('launches/upcoming/?search=recent')).toEqual([REC]);
  });

  it("keeps each list's order and hides its recent members from a search's rows, as from the list itself", async () => {
    // upcoming/ (its recent member first), previous/ (its runs count down from the latest), both with and without
    // the recent ones hidden; each against the list itself filtered by the search's answer on launches/.
    for (const [list, hide] of [
      ['upcoming', false],
      ['upcoming', true],
      ['previous', false],
    ] as const) {
      const whole = await names(`launches/${list}/?limit=100${hide ? '&hide_recent_previous=true' : ''}`);
      for (const term of ['falcon', 'spacex', 'mahia', 'starlink', 'recent', 'nothing-matches']) {
        const found = new Set(await names(`launches/?search=${term}&limit=100`));
        const target = `launches/${list}/?search=${term}&limit=100${hide ? '&hide_recent_previous=true' : ''}`;
        // (The terms are in names, providers and pads, which all three lists search.)
        expect(await names(target), target).toEqual(whole.filter((name) => found.has(name)));
      }
    }
    expect(await names('launches/upcoming/?search=recent&hide_recent_previous=true')).toEqual([]);
  });

  it('searches event names only', async () => {
    expect(await names('events/?search=docking')).toEqual([PAST_DOCKING, DOCKING, UNDATED]);
    expect(await names('events/?search=rocket')).toEqual([]);
  });
});

describe('ordering (DRF OrderingFilter)', () => {
  it.each([
    ['ordering=net', ALL],
    ['ordering=-net', [RES, LUN, CREW, SL1, SL2, REC, SUB, OLD, SP]],
    ['ordering=name', [REC, SUB, CREW, RES, OLD, SL1, SL2, SP, LUN]],
    ['ordering=-name', [LUN, SP, SL2, SL1, OLD, RES, CREW, SUB, REC]],
    ['ordering=-last_updated', [RES, SL2, REC, SL1, CREW, LUN, SUB, SP, OLD]],
    ['ordering=id', [REC, SL1, CREW, LUN, SUB, SL2, OLD, RES, SP]],
    ['ordering=-net,-name', [RES, LUN, CREW, SL2, SL1, REC, SUB, OLD, SP]],
    ['ordering=unknown,-net', [RES, LUN, CREW, SL1, SL2, REC, SUB, OLD, SP]],
    ['ordering=+%20-net%20', [RES, LUN, CREW, SL1, SL2, REC, SUB, OLD, SP]],
    ['ordering=unknown', ALL],
    ['ordering=--net', ALL],
    ['ordering=', ALL],
  ])('launches/?%s', async (query, expected) => {
    expect(await names(`launches/?${query}`)).toEqual(expected);
  });

  it("keeps ties in the list's own order (Starlink 1 and 2 share a NET)", async () => {
    expect(await names('launches/previous/?ordering=net')).toEqual([SP, OLD, SUB, REC]);
    expect(await names('launches/upcoming/?ordering=-net&lsp__id=121')).toEqual([RES, CREW, SL1, SL2]);
  });

  it('orders events by date with the undated one last ascending and first descending, as PostgreSQL does', async () => {
    expect(await names('events/?ordering=date')).toEqual(EVENTS);
    expect(await names('events/?ordering=-date')).toEqual([UNDATED, DOCKING, LUNAR_FIRE, FIRE, PAST_DOCKING]);
    expect(await names('events/?ordering=last_updated')).toEqual([PAST_DOCKING, UNDATED, LUNAR_FIRE, FIRE, DOCKING]);
    expect(await names('events/?ordering=name')).toEqual(EVENTS);
  });
});

describe('modes', () => {
  const detailFile = (id: string) => JSON.parse(fixture.files.get(`2.3.0/launches/${id}/index.json`)!);

  it('answers normal mode by default and for an unknown mode', async () => {
    for (const query of ['launches/?limit=1', 'launches/?limit=1&mode=Detailed', 'launches/?limit=1&mode=']) {
      const { body } = await fixture.get(query);
      expect(body.results[0].response_mode, query).toBe('normal');
    }
  });

  it('answers detailed mode with the detail files as they are', async () => {
    const { body } = await fixture.get('launches/?limit=100&mode=detailed');
    expect(body.results.map((l: { id: string }) => l.id)).toContain(RESUPPLY);
    for (const launch of body.results) expect(launch).toEqual(detailFile(launch.id));
    const events = (await fixture.get('events/?mode=detailed&id=901')).body.results;
    expect(events).toEqual([JSON.parse(fixture.files.get('2.3.0/events/901/index.json')!)]);
  });

  it('answers list mode with LaunchBasic and the event list fields', async () => {
    const launch = (await fixture.get(`launches/?mode=list&id=${SPUTNIK}`)).body.results[0];
    expect(Object.keys(launch)).toEqual([
      'id',
      'url',
      'name',
      'response_mode',
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
    ]);
    expect(launch.response_mode).toBe('list');
    expect(launch.status).toEqual(detailFile(SPUTNIK).status);
    const event = (await fixture.get('events/?mode=list&id=901')).body.results[0];
    expect(Object.keys(event)).toEqual([
      'id',
      'url',
      'name',
      'info_urls',
      'vid_urls',
      'image',
      'date',
      'slug',
      'type',
      'description',
      'webcast_live',
      'location',
      'date_precision',
      'response_mode',
      'duration',
    ]);
    expect(event.response_mode).toBe('list');
  });
});
