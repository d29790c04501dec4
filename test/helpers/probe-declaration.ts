// A made-up reference resource for tests only: probes (`probes/`), each parked at a
// space station (and maybe naming its twin probe), declared as a real resource is (scripts/schemas/resources/). In:
// nothing. Out: the declaration test/declared-resource.test.ts adds to the list.

import { int, key, nullableKey, nullableTimestamp, object, str } from '../../scripts/schemas/building-blocks.ts';
import { resource } from '../../scripts/schemas/resources/declaration.ts';

const ALL = ['mini', 'normal', 'detailed'] as const;

export const PROBES = resource({
  kind: 'probes',
  file: 'probes',
  record: object(
    { id: int(1), name: str(255), space_station: key },
    { launched: nullableTimestamp, twin: nullableKey },
  ),
  refers: [
    [['space_station'], 'spaceStations'],
    [['twin'], 'probes'],
  ],
  path: 'probes/',
  title: 'probe',
  summaries: { list: 'Every probe, by name', detail: 'One probe, with when it launched' },
  order: 'name',
  schema: 'probe',
  ll2: 'Probe',
  fields: [
    { name: 'id', modes: ALL, schema: (t) => t.i, value: (p) => p.id },
    { name: 'url', modes: ALL, schema: (t) => t.uri, value: (p, t) => t.url(p.id) },
    { name: 'name', modes: ALL, schema: (t) => t.s, value: (p) => p.name },
    { name: 'response_mode', modes: ['normal', 'detailed'], schema: (t, m) => t.mode(m), value: (_, __, m) => m },
    {
      name: 'spacestation',
      modes: ['normal', 'detailed'],
      schema: (t) => t.ref('SpaceStation'),
      value: (p, t) => t.of('spaceStations').nested(String(p.space_station)),
    },
    { name: 'launched', modes: ['detailed'], schema: (t) => t.nts, value: (p) => p.launched ?? null },
  ],
  table: {
    modes: ['normal', 'detailed'],
    cells: { name: { text: 'name' }, station: { number: 'spacestation.id' }, launched: { text: 'launched' } },
    filters: { launched: { instants: 'launched' }, name: { text: 'name' }, space_station: { number: 'station' } },
    search: { name: 'name' },
    ordering: { id: 'id', name: 'name' },
  },
  ll2Parameters: ({ common, comparisons }) => [...common, ...comparisons('launched'), 'name', 'space_station'],
});
