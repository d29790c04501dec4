// The launcher families the declared families test shapes: the small fixture's, plus a
// family with LL2's stored figures (a launch count and landings), two manufacturers and
// a parent of its own, and a rocket configuration of that family. In: the fixture's data
// set. Out: the data set with them. Pure.

import type { DataSet, JsonObject, ReferenceRecord } from '../../scripts/lib/model/records.ts';
import { memoryDataSet } from './data.ts';

export const ARIANE: JsonObject = {
  id: 77,
  name: 'Ariane',
  manufacturer: ['nasa', 'spacex'],
  parent: 'falcon-9',
  description: 'A European family.',
  active: false,
  maiden_flight: '1979-12-24',
  ll2_figures: { total_launch_count: 500, successful_launches: 480, attempted_landings: 3, successful_landings: 2 },
};
export const ARIANE_5: JsonObject = {
  id: 901,
  name: 'Ariane 5',
  full_name: 'Ariane 5 ECA',
  families: ['ariane'],
  manufacturer: 'nasa',
};

/** The fixture's data set with Ariane and its configuration among the reference records. */
export function withFamilies(data: DataSet): DataSet {
  const reference = { ...data.reference };
  reference.launcherFamilies = new Map([...data.reference.launcherFamilies, ['ariane', ARIANE as ReferenceRecord]]);
  reference.launcherConfigurations = new Map([
    ...data.reference.launcherConfigurations,
    ['ariane-5', ARIANE_5 as ReferenceRecord],
  ]);
  return memoryDataSet(data.launches, data.events, reference);
}
