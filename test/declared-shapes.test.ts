// How the declared resources' objects are made (scripts/lib/api/shapes/declared.ts): a
// declaration nests another declared kind's objects by its kind (`of`), in any of that
// kind's modes, and gets the very objects the shaper shares for it; a kind no
// declaration has throws, naming it, when an object asks for it; a field without a
// value in a declaration that gives no shape throws when the shapes are made. The
// made-up kind, probes (test/helpers/probe-declaration.ts), over the checked-in
// fixture; by hand.

import { describe, expect, it } from 'vitest';
import { createKit } from '../scripts/lib/api/shapes/kit.ts';
import { declaredShapes, type Nested } from '../scripts/lib/api/shapes/declared.ts';
import { checkData } from '../scripts/lib/data/check.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import type { DataSet } from '../scripts/lib/model/records.ts';
import { computeStats } from '../scripts/lib/model/stats.ts';
import type { Field } from '../scripts/schemas/resources/fields.ts';
import { DECLARED_RESOURCES, type DeclaredResource } from '../scripts/schemas/resources/index.ts';
import { FIXTURE_DIR } from './helpers/data.ts';
import { PROBES } from './helpers/probe-declaration.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const BASE_URL = 'https://example.test/2.3.0/';

let loaded: Promise<DataSet> | undefined;
const fixtureData = (): Promise<DataSet> =>
  (loaded ??= loadDataDir(FIXTURE_DIR).then((files) => checkData(files, NOW).dataset!));

// No probe nests a shape of the shaper's own: asking for one is a failure of the test.
const noShaper = (): Nested => {
  throw new Error('a probe asked for the shaper');
};

/** The declared kinds' shapes with the probes among them, their fields `fields` where given. */
async function shapesWith(fields?: Field[]) {
  const data = await fixtureData();
  const kit = createKit(data, computeStats(data), BASE_URL, (value) => value);
  const probes = (fields ? { ...PROBES, fields } : PROBES) as unknown as DeclaredResource;
  return declaredShapes(kit, noShaper, [...DECLARED_RESOURCES, probes]) as ReturnType<typeof declaredShapes> &
    Record<'probes', ReturnType<typeof declaredShapes>['agencies']>;
}

const PROBE = { id: 7, name: 'Probe 7', space_station: 'iss', launched: null };
const named = (name: string) => PROBES.fields.find((f) => f.name === name)!;

describe('declared objects', () => {
  it('nest another declared kind by its kind, the very object the shaper shares for it', async () => {
    const shapes = await shapesWith();
    const probe = shapes.probes.normal(PROBE);
    expect(probe.spacestation).toBe(shapes.spaceStations.nested('iss'));
    expect(probe.spacestation).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  // A station's normal and detailed objects list its expeditions under way, which the shaper gives.
  it('nest a kind in any of its modes', async () => {
    const modes = ['mini', 'bare', 'nested'] as const;
    const fields: Field[] = [
      named('id'),
      ...modes.map(
        (mode): Field => ({
          name: mode,
          modes: ['normal'],
          schema: (t) => t.s,
          value: (p, t) => t.of('spaceStations')[mode](String(p.space_station)),
        }),
      ),
    ];
    const shapes = await shapesWith(fields);
    const probe = shapes.probes.normal(PROBE);
    for (const mode of modes) expect(probe[mode], mode).toEqual(shapes.spaceStations[mode]('iss'));
    expect(probe.mini).not.toEqual(probe.bare);
  });

  it('throw, naming it, where they nest a kind no declaration has', async () => {
    const fields: Field[] = [
      named('id'),
      { name: 'sat', modes: ['normal'], schema: (t) => t.s, value: (_, t) => t.of('satellites').mini('x') },
    ];
    const shapes = await shapesWith(fields);
    expect(() => shapes.probes.normal(PROBE)).toThrow(/no declared kind satellites/);
    expect(shapes.probes.mini(PROBE)).toEqual({ id: 7 });
  });

  it('throw when a field has no value and the declaration gives no shape', async () => {
    const { value: _, ...valueless } = named('name');
    await expect(shapesWith([named('id'), valueless])).rejects.toThrow(
      'probes: the field name has no value, and the declaration no shape',
    );
  });
});
