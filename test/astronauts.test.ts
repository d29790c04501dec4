// Astronauts as records of their own (import/astronauts.ts): the astronauts nested
// in 2.2.0 and 2.3.0 launch crews become one record per LL2 id, keyed by the
// name's slug, nationality converted to country keys (marked as matched by name),
// agency to our agency's key, the image URL to an image object; crew members name
// their astronaut by key; a second run changes nothing; the newest statement wins.
// Their 2.3.0 shapes (declared: schemas/resources/astronauts.ts; a crew member:
// api/shapes/astronauts.ts), validated against the official AstronautDetailed and
// AstronautFlight, and the astronauts/ endpoint's modes (AstronautEndpointNormal and
// -Detailed) with each astronaut's flights counted over the launches (crewFlights).

import { describe, expect, it } from 'vitest';
import { referenceInListMode } from '../scripts/lib/api/projection.ts';
import { crewFlights } from '../scripts/lib/api/shapes/astronauts.ts';
import { extractAstronauts } from '../scripts/lib/import/astronauts.ts';
import type { JsonObject, LaunchRecord } from '../scripts/lib/model/records.ts';
import { astronautShaper } from './helpers/astronaut-shapes.ts';
import { makeLaunch } from './helpers/data.ts';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';

const countries = new Map<string, JsonObject>([
  ['usa', { id: 2, name: 'United States of America', nationality_name: 'American' }],
  ['rus', { id: 5, name: 'Russia', nationality_name: 'Russian' }],
  ['fra', { id: 11, name: 'France', nationality_name: 'French' }],
]);
const agencies = new Map<string, JsonObject>([
  ['nasa', { id: 44, name: 'National Aeronautics and Space Administration' }],
]);

const meir220 = (overrides: JsonObject = {}): JsonObject => ({
  id: 573,
  url: 'https://ll.thespacedevs.com/2.2.0/astronaut/573/',
  name: 'Jessica Meir',
  type: { id: 2, name: 'Government' },
  in_space: false,
  time_in_space: 'P204DT15H19M1S',
  status: { id: 1, name: 'Active' },
  agency: {
    id: 44,
    url: 'https://ll.thespacedevs.com/2.2.0/agencies/44/',
    name: 'National Aeronautics and Space Administration',
    type: 'Government',
  },
  date_of_birth: '1977-07-01',
  date_of_death: null,
  nationality: 'American',
  twitter: 'https://twitter.com/Astro_Jessica',
  instagram: null,
  bio: 'Biologist.',
  profile_image: 'https://example.org/meir.jpeg',
  wiki: 'https://en.wikipedia.org/wiki/Jessica_Meir',
  last_flight: '2019-09-25T13:57:42Z',
  first_flight: '2019-09-25T13:57:42Z',
  ...overrides,
});

const launch = (net: string, crew: JsonObject[], extra: JsonObject = {}): JsonObject => ({
  id: `launch-${net}`,
  net,
  provenance: { credit: 'Launch Library 2 by The Space Devs', ll2_version: '2.2.0', saved_by: 'someone@abc' },
  rocket: {
    configuration: 'falcon-9',
    spacecraft_stage: [
      {
        id: 1,
        launch_crew: crew.map((astronaut, i) => ({
          id: i + 1,
          role: { id: 1, role: 'Commander', priority: 1 },
          astronaut,
        })),
        ...extra,
      },
    ],
  },
});

const reference = { countries, agencies, astronauts: new Map<string, JsonObject>() };

describe('astronauts nested in crews become records', () => {
  it('files a 2.2.0 astronaut in 2.3.0 layout with its conversions marked', () => {
    const result = extractAstronauts([launch('2019-09-25T13:57:42Z', [meir220()])], reference);
    expect([...result.astronauts.keys()]).toEqual(['jessica-meir']);
    expect(result.astronauts.get('jessica-meir')).toEqual({
      id: 573,
      name: 'Jessica Meir',
      in_space: false,
      time_in_space: 'P204DT15H19M1S',
      date_of_birth: '1977-07-01',
      date_of_death: null,
      bio: 'Biologist.',
      wiki: 'https://en.wikipedia.org/wiki/Jessica_Meir',
      first_flight: '2019-09-25T13:57:42Z',
      last_flight: '2019-09-25T13:57:42Z',
      status: { id: 1, name: 'Active' },
      type: { id: 2, name: 'Government' },
      agency: 'nasa',
      nationality: ['usa'],
      image: { id: 0, name: '', image_url: 'https://example.org/meir.jpeg' },
      twitter: 'https://twitter.com/Astro_Jessica',
      provenance: {
        credit: 'Launch Library 2 by The Space Devs',
        ll2_version: '2.2.0',
        saved_by: 'someone@abc',
        url: 'https://ll.thespacedevs.com/2.2.0/astronaut/573/',
        assumed: {
          nationality: 'LL2 2.2.0 gave the text "American"; matched to usa by the countries\' nationality names',
          'image.id': '0; the source gives the image URL only',
        },
      },
    });
    const crew = (result.launches[0].after.rocket as JsonObject).spacecraft_stage as JsonObject[];
    expect((crew[0].launch_crew as JsonObject[])[0]).toEqual({
      id: 1,
      role: { id: 1, role: 'Commander', priority: 1 },
      astronaut: 'jessica-meir',
    });
    expect(result.changed).toBe(true);
    expect(result.conversions.get('nested astronaut → astronaut record')).toBe(1);
  });

  it('converts several nationalities, says which matched none, and nulls an agency we lack', () => {
    const result = extractAstronauts(
      [
        launch('2020-01-01T00:00:00Z', [
          meir220({ id: 9, name: 'A B', nationality: 'French, Martian', agency: { id: 999, name: 'Elsewhere' } }),
        ]),
      ],
      reference,
    );
    const record = result.astronauts.get('a-b')!;
    expect(record.nationality).toEqual(['fra']);
    expect(record.agency).toBeNull();
    expect((record.provenance as JsonObject).assumed).toMatchObject({
      nationality:
        'LL2 2.2.0 gave the text "French, Martian"; "Martian" matched no country\'s nationality name and is left out',
      agency: 'the source\'s agency (id 999, "Elsewhere") is not among our agencies; published as null',
    });
  });

  it('reads a text of several nationalities separated by spaces, a multi-word one whole', () => {
    const ours = new Map([...countries, ['zaf', { id: 60, name: 'South Africa', nationality_name: 'South African' }]]);
    const result = extractAstronauts(
      [
        launch('2020-01-01T00:00:00Z', [
          meir220({ id: 1, name: 'One', nationality: 'American French' }),
          meir220({ id: 2, name: 'Two', nationality: 'South African' }),
          meir220({ id: 3, name: 'Three', nationality: 'American Slovak' }),
        ]),
      ],
      { ...reference, countries: ours },
    );
    expect(result.astronauts.get('one')!.nationality).toEqual(['usa', 'fra']);
    expect(result.astronauts.get('two')!.nationality).toEqual(['zaf']);
    expect(result.astronauts.get('three')!.nationality).toEqual([]);
    expect(((result.astronauts.get('three')!.provenance as JsonObject).assumed as JsonObject).nationality).toBe(
      'LL2 2.2.0 gave the text "American Slovak"; "American Slovak" matched no country\'s nationality name and is left out',
    );
  });

  it('reads 2.3.0 nationality lists and image objects as they are, marking nothing', () => {
    const image = { id: 77, name: 'Meir', image_url: 'https://example.org/m.jpg', license: { id: 1, name: 'CC' } };
    const result = extractAstronauts(
      [
        launch('2020-01-01T00:00:00Z', [
          meir220({
            url: 'https://ll.thespacedevs.com/2.3.0/astronauts/573/',
            nationality: [{ id: 2, name: 'United States of America' }],
            image,
            profile_image: undefined as unknown as null,
          }),
        ]),
      ],
      reference,
    );
    const record = result.astronauts.get('jessica-meir')!;
    expect(record.nationality).toEqual(['usa']);
    expect(record.image).toEqual(image);
    expect((record.provenance as JsonObject).assumed).toBeUndefined();
    expect((record.provenance as JsonObject).ll2_version).toBe('2.3.0');
  });

  it("keeps one record per LL2 id, the newest launch's statement winning, across the three crews", () => {
    const older = launch('2019-01-01T00:00:00Z', [meir220({ in_space: false })]);
    const newer = launch('2020-01-01T00:00:00Z', [], {
      landing_crew: [{ id: 5, astronaut: meir220({ in_space: true }) }],
    });
    // Input order newest first: the order of the launches' NETs decides, not the input's.
    const result = extractAstronauts([newer, older], reference);
    expect(result.astronauts.size).toBe(1);
    expect(result.astronauts.get('jessica-meir')!.in_space).toBe(true);
    expect(result.launches.map((l) => l.index)).toEqual([0, 1]);
  });

  it('gives a second astronaut of the same name a key with its id', () => {
    const result = extractAstronauts([launch('2020-01-01T00:00:00Z', [meir220(), meir220({ id: 600 })])], reference);
    expect([...result.astronauts.keys()]).toEqual(['jessica-meir', 'jessica-meir-600']);
  });

  it('changes nothing on a second run over its own result', () => {
    const first = extractAstronauts([launch('2019-09-25T13:57:42Z', [meir220()])], reference);
    const second = extractAstronauts(
      first.launches.map((l) => l.after),
      { ...reference, astronauts: first.astronauts },
    );
    expect(second.launches).toEqual([]);
    expect(second.changed).toBe(false);
    expect(second.astronauts).toEqual(first.astronauts);
  });
});

describe('astronauts in 2.3.0 shapes', () => {
  const BASE = 'https://example.test/2.3.0/';
  const filed = extractAstronauts(
    [
      launch('2019-09-25T13:57:42Z', [
        meir220(),
        meir220({ id: 9, name: 'No Agency', agency: null, nationality: 'Martian', profile_image: null }),
      ]),
    ],
    reference,
  );
  // Shaped over the fixture's agencies and countries (NASA, the United States).
  const shaper = astronautShaper(filed.astronauts, [], BASE);
  const astronauts = shaper.declared.astronauts;

  const stage = (filed.launches[0].after.rocket as JsonObject).spacecraft_stage as JsonObject[];
  const crew = (stage[0].launch_crew as JsonObject[]).map((member) => shaper.crewMember(member) as JsonObject);

  it("nests a crew member's astronaut from its record, its url naming our detail file", () => {
    expect(crew[0]).toEqual({
      id: 1,
      role: { id: 1, role: 'Commander', priority: 1 },
      astronaut: {
        id: 573,
        url: `${BASE}astronauts/573/`,
        name: 'Jessica Meir',
        status: { id: 1, name: 'Active' },
        agency: {
          response_mode: 'list',
          id: 44,
          url: `${BASE}agencies/44/`,
          name: 'National Aeronautics and Space Administration',
          abbrev: 'NASA',
          type: { id: 1, name: 'Government' },
        },
        image: {
          id: 0,
          name: '',
          image_url: 'https://example.org/meir.jpeg',
          thumbnail_url: 'https://example.org/meir.jpeg',
          credit: null,
          license: expect.any(Object),
          single_use: true,
          variants: [],
        },
        response_mode: 'detailed',
        type: { id: 2, name: 'Government' },
        in_space: false,
        time_in_space: 'P204DT15H19M1S',
        eva_time: 'P0D',
        age: null,
        date_of_birth: '1977-07-01',
        date_of_death: null,
        nationality: [
          {
            id: 2,
            name: 'United States of America',
            nationality_name: 'American',
            alpha_2_code: 'US',
            alpha_3_code: 'USA',
            nationality_name_composed: 'Americano',
          },
        ],
        bio: 'Biologist.',
        wiki: 'https://en.wikipedia.org/wiki/Jessica_Meir',
        last_flight: '2019-09-25T13:57:42Z',
        first_flight: '2019-09-25T13:57:42Z',
        social_media_links: [],
      },
    });
    expect(crew[1].astronaut).toMatchObject({ agency: null, image: null, nationality: [] });
  });

  it.skipIf(!officialOpenApiAvailable)('validates against the official AstronautFlight and AstronautDetailed', () => {
    const v = officialValidators(['AstronautFlight', 'AstronautDetailed']);
    for (const member of crew) expect(v.AstronautFlight(member), JSON.stringify(v.AstronautFlight.errors)).toBe(true);
    for (const key of filed.astronauts.keys()) {
      expect(v.AstronautDetailed(astronauts.nested(key)), JSON.stringify(v.AstronautDetailed.errors)).toBe(true);
    }
  });
});

describe('astronauts/ modes and flights counted over the launches', () => {
  const BASE = 'https://example.test/2.3.0/';
  const crewed = (id: string, net: string, stage: JsonObject) => ({ id, net, rocket: { spacecraft_stage: [stage] } });
  // Meir flies on a and c (twice on c's crew lists: counted once), lands on b; Two flies on b only.
  const launches = [
    crewed('c', '2021-01-01T00:00:00Z', {
      launch_crew: [
        { id: 1, astronaut: 'meir' },
        { id: 2, astronaut: 'meir' },
      ],
    }),
    crewed('a', '2019-01-01T00:00:00Z', {
      launch_crew: [{ id: 3, astronaut: 'meir' }],
      onboard_crew: [{ id: 4, astronaut: 'two' }],
    }),
    crewed('b', '2020-01-01T00:00:00Z', {
      launch_crew: [{ id: 5, astronaut: 'two' }],
      landing_crew: [
        { id: 6, astronaut: 'meir' },
        { id: 7, astronaut: { id: 1 } },
      ],
    }),
  ];
  const flights = crewFlights(launches);
  const records = new Map<string, JsonObject>([
    [
      'meir',
      {
        id: 573,
        name: 'Jessica Meir',
        status: { id: 1, name: 'Active' },
        type: { id: 2, name: 'Government' },
        agency: null,
        nationality: [],
        bio: '',
      },
    ],
    ['two', { id: 574, name: 'Two' }],
    ['lone', { id: 575, name: 'Never flown', status: { id: 1, name: 'Active' }, type: { id: 2, name: 'Government' } }],
  ]);
  // The same crews on launches of a data set (c, a, b: the fixture's launch ids 1, 2, 3).
  const flown: LaunchRecord[] = launches.map((l, n) =>
    makeLaunch(n + 1, l.net, { rocket: { configuration: 'falcon-9-block-5', ...l.rocket } }),
  );
  const astronauts = astronautShaper(records, flown, BASE).declared.astronauts;
  const listMode = referenceInListMode('astronauts', astronauts.normal('meir'));

  it('counts launch crews once per launch by NET, landing crews, and ignores nested astronauts', () => {
    expect(flights).toEqual(
      new Map([
        ['meir', { launches: ['a', 'c'], landings: 1 }],
        ['two', { launches: ['b'], landings: 0 }],
      ]),
    );
  });

  it('shapes the list, normal and detailed modes', () => {
    expect(listMode).toMatchObject({ response_mode: 'list', id: 573, eva_time: 'P0D' });
    expect(listMode).not.toHaveProperty('flights_count');
    // A crew member's astronaut has the fields of the list mode, labelled detailed.
    expect(astronauts.nested('meir')).toEqual({ ...listMode, response_mode: 'detailed' });
    expect(astronauts.normal('meir')).toMatchObject({
      response_mode: 'normal',
      flights_count: 2,
      landings_count: 1,
      spacewalks_count: null,
    });
    expect(astronauts.normal('lone')).toMatchObject({ flights_count: 0, landings_count: 0 });
    expect(astronauts.detailed('lone')).toMatchObject({ flights: [] });
    expect(astronauts.detailed('meir')).toMatchObject({
      response_mode: 'detailed',
      // Launches a and c, by NET, as `LaunchNormal`.
      flights: [
        { id: flown[1].id, response_mode: 'normal' },
        { id: flown[0].id, response_mode: 'normal' },
      ],
      landings: [],
      spacewalks: [],
    });
  });

  it.skipIf(!officialOpenApiAvailable)(
    'validates against the official AstronautDetailed (list mode), AstronautEndpointNormal and AstronautEndpointDetailed',
    () => {
      const v = officialValidators(['AstronautDetailed', 'AstronautEndpointNormal', 'AstronautEndpointDetailed']);
      expect(v.AstronautDetailed(listMode), JSON.stringify(v.AstronautDetailed.errors)).toBe(true);
      expect(
        v.AstronautEndpointNormal(astronauts.normal('meir')),
        JSON.stringify(v.AstronautEndpointNormal.errors),
      ).toBe(true);
      const detailed = astronauts.detailed('lone');
      expect(v.AstronautEndpointDetailed(detailed), JSON.stringify(v.AstronautEndpointDetailed.errors)).toBe(true);
    },
  );
});
