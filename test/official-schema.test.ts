// Checks our output against the official LL2 2.3.0 schemas: normal mode in the
// collections, detailed mode in detail resources, for every kind of resource we
// publish. The official document is not ours to commit; the test runs where
// ../shared/reference/ is present.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../scripts/lib/pipeline.ts';
import { CONFIG_LISTS } from '../scripts/schemas/config-lists.ts';
import { copyFixture, makeEvent, makeLaunch, removeDir, tempDir, writeRecords } from './helpers/data.ts';
import { OBJECT_SCHEMA, officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';
import { readTree, responseKindOf, type ResponseKind } from './helpers/tree.ts';
import type { LaunchRecord } from '../scripts/lib/model/records.ts';

/** The config lists: checked where this fixture holds entries; test/config-lists.test.ts fills and checks every one. */
const CHECKED_IN_CONFIG_TEST = new Set(CONFIG_LISTS.flatMap((c) => [`${c.schema}-page`, `${c.schema}-detailed`]));

/** The crew alone of a trimmed 2.2.0 copy, which names no spacecraft: left out of the launch's detail (shapes/launches.ts). */
const CREW_ONLY_ROCKET: LaunchRecord['rocket'] = {
  configuration: 'falcon-9-block-5',
  spacecraft_stage: [
    { launch_crew: [{ id: 1, role: { id: 1, role: 'Commander', priority: 0 }, astronaut: 'jessica-meir' }] },
  ],
};

describe.skipIf(!officialOpenApiAvailable)('output against the official LL2 2.3.0 OpenAPI schemas', () => {
  let dataDir: string;
  let out: string;

  beforeAll(async () => {
    dataDir = await copyFixture();
    await writeRecords(
      dataDir,
      [
        makeLaunch(1, '2024-01-01T10:00:00Z', {
          status: 'failure',
          failreason: 'Second stage <anomaly> & loss',
          mission: null,
        }),
        makeLaunch(2, '2027-12-31T00:00:00Z', {
          status: 'tbd',
          net_precision: 'month',
          program: ['iss'],
          rocket: {
            configuration: 'falcon-9-block-5',
            spacecraft_stage: [{ flight: 'spacecraft-flight-880', docking_events: [] }],
          },
        }),
        makeLaunch(3, '2024-02-01T10:00:00Z', { rocket: CREW_ONLY_ROCKET }),
      ],
      [
        makeEvent(7, '2027-01-01T00:00:00Z', {
          agencies: ['nasa'],
          spacestations: ['iss'],
          program: ['iss'],
          launches: ['00000000-0000-4000-8000-000000000002'],
        }),
      ],
    );
    out = path.join(await tempDir(), 'public');
    await buildSite(dataDir, out, {
      now: Date.parse('2026-11-21T00:00:00Z'),
      baseUrl: 'https://ll.example.org/2.3.0/',
    });
  });
  afterAll(async () => {
    await removeDir(dataDir);
    await removeDir(path.dirname(out));
  });

  it('every object of every resource validates', async () => {
    const validators = officialValidators([...new Set(Object.values(OBJECT_SCHEMA))]);
    const checked = new Map<ResponseKind, number>();
    for (const [file, bytes] of await readTree(out)) {
      const kind = responseKindOf(file);
      if (!kind) continue;
      const body = JSON.parse(bytes.toString('utf8'));
      const objects = kind.endsWith('-page') ? body.results : [body];
      if (kind.endsWith('-page')) expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'results']);
      const validate = validators[OBJECT_SCHEMA[kind]];
      for (const object of objects) {
        const ok = validate(object);
        expect(ok ? [] : validate.errors?.slice(0, 5), `${file} ${object.id}`).toEqual([]);
        checked.set(kind, (checked.get(kind) ?? 0) + 1);
      }
    }
    // Every kind of response was published and checked.
    expect([...checked.keys()].filter((kind) => !CHECKED_IN_CONFIG_TEST.has(kind)).sort()).toEqual(
      Object.keys(OBJECT_SCHEMA)
        .filter((kind) => !CHECKED_IN_CONFIG_TEST.has(kind))
        .sort(),
    );
    // The converted schemas do reject what LL2 would not send.
    expect(validators.LaunchNormal({ id: 'not-a-uuid' })).toBe(false);
  });
});
