// The places the declared locations and pads tests shape: the small fixture's, plus a
// location whose launch count LL2's stored figures give, a pad there with LL2's figures
// and two agencies, and a second pad at Cape Canaveral with a smaller id than SLC-40's
// (pads list by their location's id, then their own). In: the fixture's data set. Out:
// the data set with them and a launch from the new Cape pad. Pure.

import type { DataSet, JsonObject, ReferenceRecord } from '../../scripts/lib/model/records.ts';
import { makeLaunch, memoryDataSet } from './data.ts';

export const KOUROU: JsonObject = {
  id: 13,
  name: 'Guiana Space Centre, French Guiana',
  celestial_body: 'earth',
  country: 'usa',
  timezone_name: 'America/Cayenne',
  active: false,
  description: 'Europe’s spaceport.',
  image: { id: 5, name: 'Kourou', image_url: 'https://example.org/kourou.jpg' },
  map_image: 'https://example.org/kourou-map.jpg',
  latitude: 5.236,
  longitude: -52.775,
  ll2_figures: { total_launch_count: 300, total_landing_count: 2 },
};
export const ELA_3: JsonObject = {
  id: 9,
  name: 'Ariane Launch Area 3',
  location: 'kourou',
  country: 'usa',
  active: false,
  agencies: ['nasa', 'spacex'],
  description: 'Ariane 5.',
  info_url: 'https://example.org/ela-3',
  wiki_url: 'https://example.org/wiki/ela-3',
  map_url: 'https://example.org/map/ela-3',
  latitude: 5.239,
  longitude: -52.768,
  map_image: 'https://example.org/ela-3.jpg',
  ll2_figures: { total_launch_count: 120, orbital_launch_attempt_count: 117, fastest_turnaround: 'P5D' },
};
export const SLC_41: JsonObject = {
  id: 12,
  name: 'Space Launch Complex 41',
  location: 'cape-canaveral',
  country: 'usa',
  agencies: ['spacex'],
};

/** The fixture with Kourou, ELA-3 and SLC-41 added, and one launch more (from SLC-41). */
export function withPlaces(fixture: DataSet): DataSet {
  const reference = {
    ...fixture.reference,
    locations: new Map([...fixture.reference.locations, ['kourou', KOUROU as unknown as ReferenceRecord]]),
    pads: new Map([
      ...fixture.reference.pads,
      ['ela-3', ELA_3 as unknown as ReferenceRecord],
      ['slc-41', SLC_41 as unknown as ReferenceRecord],
    ]),
  };
  const fromSlc41 = makeLaunch(1, '2027-03-01T10:00:00Z', { pad: 'slc-41' });
  return memoryDataSet([...fixture.launches, fromSlc41], fixture.events, reference);
}
