// The declared astronauts' objects (scripts/schemas/resources/astronauts.ts) over
// astronaut records made elsewhere (the importer's, the sync's) and, where given, the
// launches whose crews name them, with the checked-in fixture's other reference data
// (their agencies and countries). In: those records and launches, a base URL. Out: the
// build's shaper over them. By hand.

import { createShaper, type Shaper } from '../../scripts/lib/api/shape.ts';
import { checkData } from '../../scripts/lib/data/check.ts';
import { loadDataDir } from '../../scripts/lib/data/load.ts';
import type { JsonObject, LaunchRecord, ReferenceData, ReferenceRecord } from '../../scripts/lib/model/records.ts';
import { computeStats } from '../../scripts/lib/model/stats.ts';
import { FIXTURE_DIR, memoryDataSet } from './data.ts';

const fixtureReference: ReferenceData = checkData(await loadDataDir(FIXTURE_DIR), Date.parse('2026-11-21T12:00:00Z'))
  .dataset!.reference;

/** The shaper of a data set of these astronauts and launches, over the fixture's other reference records. */
export function astronautShaper(
  astronauts: ReadonlyMap<string, JsonObject> | Readonly<Record<string, JsonObject>>,
  launches: LaunchRecord[] = [],
  baseUrl = 'https://example.test/2.3.0/',
): Shaper {
  const records = astronauts instanceof Map ? [...astronauts] : Object.entries(astronauts);
  const reference = { ...fixtureReference, astronauts: new Map(records as Array<[string, ReferenceRecord]>) };
  const data = memoryDataSet(launches, [], reference);
  return createShaper(data, computeStats(data), baseUrl);
}
