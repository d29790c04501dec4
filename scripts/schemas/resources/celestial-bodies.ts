// Celestial bodies (LL2's `celestial_bodies/`), declared once: the worlds locations
// stand on and orbits go around, from data/reference/celestial-bodies.yaml, which
// locations name by key. In: nothing. Out: the declaration the registries read
// (resources/declaration.ts says what each part becomes). Its objects:
// `CelestialBodyMini` (mini: as an orbit names it), `CelestialBodyNormal` (its list,
// and as a landing location nests it), `CelestialBodyResource` (its detail: its
// figures and the locations on it, as `LocationNoBody`) and `CelestialBody` (nested:
// as a location nests it, with its figures, labelled normal); all but the detail
// built once per key. Its launch figures are LL2's
// where stored, else the data set's; its landing figures LL2's, else 0 (LL2 types them
// as integers; no landings of ours count). Pure.

import {
  bool,
  idName,
  image,
  int,
  nullableStr,
  nullableUrl,
  num,
  object,
  provenance,
  str,
} from '../building-blocks.ts';
import { LL2_FIGURES, ll2Figures } from '../ll2-figures.ts';
import { resource } from './declaration.ts';
import { figureField, responseMode, stated } from './fields.ts';

const ALL = ['mini', 'normal', 'detailed', 'nested'] as const;
const WHOLE = ['normal', 'detailed', 'nested'] as const;
const WITH_FIGURES = ['detailed', 'nested'] as const;

export const CELESTIAL_BODIES = resource({
  kind: 'celestialBodies',
  file: 'celestial-bodies',
  record: object(
    // LL2 requires an image on every celestial body.
    { id: int(1), name: str(255), type: idName, image },
    {
      diameter: num,
      mass: num,
      gravity: num,
      length_of_day: nullableStr(100),
      atmosphere: bool,
      description: nullableStr(2048),
      wiki_url: nullableUrl,
      ll2_figures: ll2Figures(LL2_FIGURES.celestialBodies),
      provenance,
    },
  ),
  refers: [],
  path: 'celestial_bodies/',
  title: 'celestial body',
  summaries: {
    list: 'Every celestial body, by id',
    detail: 'One celestial body, LL2 detailed mode, with its locations',
  },
  schema: 'celestial-body',
  ll2: 'CelestialBody',
  definitions: { detailed: 'CelestialBodyResource', nested: 'CelestialBody' },
  nestedAs: ['mini', 'normal', 'nested'],
  fields: [
    responseMode(ALL),
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (b) => b.id },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (b) => b.name },
    { name: 'type', modes: WHOLE, schema: (t) => t.ref('IdName'), value: (b) => b.type },
    stated('diameter', WHOLE, (t) => t.nn),
    stated('mass', WHOLE, (t) => t.nn),
    stated('gravity', WHOLE, (t) => t.nn),
    stated('length_of_day', WHOLE, (t) => t.ns),
    { name: 'atmosphere', modes: WHOLE, schema: (t) => t.b, value: (b) => b.atmosphere ?? false },
    { name: 'image', modes: WHOLE, schema: (t) => t.ref('Image'), value: (b, t) => t.image(b.image) },
    stated('description', WHOLE, (t) => t.ns),
    stated('wiki_url', WHOLE, (t) => t.nuri),
    figureField('total_attempted_launches', WITH_FIGURES, 0),
    figureField('successful_launches', WITH_FIGURES, 0),
    figureField('failed_launches', WITH_FIGURES, 0),
    figureField('total_attempted_landings', WITH_FIGURES, 0),
    figureField('successful_landings', WITH_FIGURES, 0),
    figureField('failed_landings', WITH_FIGURES, 0),
    {
      name: 'locations',
      modes: ['detailed'],
      schema: (t) => t.arr(t.ref('LocationNoBody')),
      value: (b, t) => t.referrers('locations', 'celestial_body', b).map(t.of('locations').bare),
    },
  ],
  table: {
    modes: ['list', 'normal', 'detailed'],
    cells: { name: { text: 'name' }, type_name: { text: 'type.name' } },
    filters: {},
    search: { name: 'name', type__name: 'type_name' },
    ordering: { id: 'id', name: 'name' },
  },
  // Its own figures in its detail (a location nesting it says so in its own), and the locations it lists.
  shows: { figures: 'detailed', referrerFigures: { detailed: [['locations', 'celestial_body']] } },
  ll2Parameters: ({ common }) => [...common],
  placement: {
    kind: 'spaceStations',
    file: 'agencies',
    schema: 'space-station',
    definition: {
      mini: 'AgencyDetailedAsNormal',
      nested: 'CelestialBodyMini',
      normal: 'CelestialBody',
      detailed: 'CelestialBodyNormal',
    },
  },
});
