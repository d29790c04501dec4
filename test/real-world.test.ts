// A real-data test (issue 37), run only when REAL_DATA_OUT names a build of the
// shipped data at the clock 2026-12-01T00:00:00Z (`npm run build -- --now
// 2026-12-01T00:00:00Z --out-dir DIR/public`, then REAL_DATA_OUT=DIR/public):
// a full build takes minutes, too long for every run. It checks that
// `astronauts/?in_space=true` names only people whose latest dated fact puts them
// in space at that clock (the Artemis II crew splashed down 2026-04-11 by their
// launch's timeline; the Shenzhou 23 crew's expedition is under way with no end
// stated), that Orion "Integrity" is not in space, that the ISS's count of
// 2026-07-24 is not given as the count of the clock, and that every object of the
// kinds this issue imports is valid against the official 2.3.0 schemas.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { officialOpenApiAvailable, officialValidators } from './helpers/official-schema.ts';

const OUT = process.env.REAL_DATA_OUT;
const json = (file: string) => JSON.parse(readFileSync(path.join(OUT!, '2.3.0', file), 'utf8'));
const pages = (folder: string) => [
  `${folder}/index.json`,
  ...fg.sync(`${folder}/page/*/index.json`, { cwd: path.join(OUT ?? '.', '2.3.0') }),
];

/** Folder → official schema of its list items and of its detail files. */
const KINDS: Record<string, [string, string]> = {
  astronauts: ['AstronautEndpointNormal', 'AstronautEndpointDetailed'],
  space_stations: ['SpaceStationEndpoint', 'SpaceStationDetailedEndpoint'],
  expeditions: ['ExpeditionNormal', 'ExpeditionDetailed'],
  spacecraft: ['SpacecraftNormal', 'SpacecraftEndpointDetailed'],
  spacecraft_configurations: ['SpacecraftConfigNormal', 'SpacecraftConfigDetailed'],
  pads: ['Pad', 'Pad'],
  locations: ['Location', 'LocationSerializerWithPads'],
};

describe.skipIf(!OUT || !officialOpenApiAvailable)('a real-data build at 2026-12-01 (REAL_DATA_OUT)', () => {
  it('astronauts in space are only those whose latest dated fact says so', () => {
    const inSpace = pages('astronauts')
      .flatMap((f) => json(f).results)
      .filter((a: { in_space: boolean }) => a.in_space)
      .map((a: { name: string }) => a.name)
      .sort();
    for (const name of ['Christina Koch', 'Gregory R. Wiseman', 'Victor J. Glover', 'Jeremy Hansen'])
      expect(inSpace).not.toContain(name);
    expect(inSpace).toEqual(['Lai Ka-ying', 'Zhang Zhiyuan', 'Zhu Yangzhu']);
    const craft = pages('spacecraft')
      .flatMap((f) => json(f).results)
      .filter((s: { in_space: boolean }) => s.in_space)
      .map((s: { name: string }) => s.name);
    expect(craft).not.toContain('Orion Integrity');
  });

  it("stations: the ISS count of 2026-07-24 is unknown at the clock, Skylab is NASA's, Tiangong has Shenzhou 23 under way", () => {
    const iss = json('space_stations/4/index.json');
    expect(iss.onboard_crew).toBeNull();
    expect(iss.active_expeditions).toEqual([]);
    expect(json('space_stations/6/index.json').owners.map((o: { abbrev: string }) => o.abbrev)).toEqual(['NASA']);
    expect(json('space_stations/18/index.json').active_expeditions.map((e: { name: string }) => e.name)).toEqual([
      'Shenzhou 23',
    ]);
  });

  it('every object of the imported kinds is valid against the official 2.3.0 schemas', () => {
    const validators = officialValidators([...new Set(Object.values(KINDS).flat())]);
    const problems = new Map<string, number>();
    const check = (schema: string, object: unknown, folder: string) => {
      if (validators[schema](object)) return;
      for (const e of validators[schema].errors ?? []) {
        const where = `${folder} ${schema}${e.instancePath.replace(/\/\d+/g, '/N')} ${e.message}`;
        problems.set(where, (problems.get(where) ?? 0) + 1);
      }
    };
    for (const [folder, [list, detail]] of Object.entries(KINDS)) {
      let checked = 0;
      for (const file of pages(folder))
        for (const object of json(file).results) {
          check(list, object, folder);
          checked++;
        }
      for (const file of fg.sync(`${folder}/*/index.json`, {
        cwd: path.join(OUT!, '2.3.0'),
        ignore: [`${folder}/page/**`],
      })) {
        check(detail, json(file), folder);
        checked++;
      }
      expect(checked, folder).toBeGreaterThan(0);
    }
    // Known and documented (docs/differences.md): an astronaut whose sources state no type (LL2's saved lists of
    // 2024 and 2026 carry none) is published with `type` null, and one added from the 2026 list (which has no status)
    // with `status` null, where the document types them as never null.
    const known = (where: string) =>
      /^astronauts Astronaut\w+\/(type|status) must be object$/.test(where) ||
      /^(spacecraft|expeditions) \w+(\/\w+|\/N)*\/astronaut\/(type|status) must be object$/.test(where);
    expect([...problems].filter(([where]) => !known(where))).toEqual([]);
  });
});
