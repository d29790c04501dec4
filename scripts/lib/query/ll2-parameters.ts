// The query parameters LL2 2.3.0 documents for each list endpoint we publish
// (launches, events, and the reference lists: agencies, pads, …, config/…),
// as its official OpenAPI lists them (plus `format`, DRF's renderer switch, which
// the document leaves out, and `date__lt`, which lldev's 2.3.0 has beside prod's
// `date__gt__lt`). The engine's tables must have a row for each
// (test/query-routes.test.ts); this list lets CI check that without the
// OpenAPI, and the same test checks the list against the OpenAPI where it is.

import { CONFIG_LISTS, configListPath, type ConfigList } from '../../schemas/config-lists.ts';
import type { ReferenceKind } from '../../schemas/data-files.ts';
import { REFERENCE_PATHS } from '../api/paths.ts';
import { placeDeclaredIn } from '../../schemas/resources/declaration.ts';
import { DECLARED_RESOURCES } from '../../schemas/resources/index.ts';

/** A counter's exact lookup and its four comparisons. */
const counterLookups = (name: string): string[] => [name, `${name}__gt`, `${name}__gte`, `${name}__lt`, `${name}__lte`];

const COMMON = ['format', 'limit', 'mode', 'offset', 'ordering', 'search'];

const LAUNCH_LISTS = [
  ...COMMON,
  ...['agency', 'location', 'orbital', 'pad'].flatMap((kind) => [
    ...counterLookups(`${kind}_launch_attempt_count`),
    ...counterLookups(`${kind}_launch_attempt_count_year`),
  ]),
  'day',
  'id',
  'include_suborbital',
  'is_crewed',
  'last_updated__gte',
  'last_updated__lte',
  'launch_designator',
  'launcher_config__id',
  'location__ids',
  'lsp__id',
  'lsp__name',
  'mission__orbit__celestial_body__id',
  'mission__orbit__name',
  'mission__orbit__name__icontains',
  'month',
  'name',
  'net__gt',
  'net__gte',
  'net__lt',
  'net__lte',
  'pad',
  'pad__location',
  'pad__location__celestial_body__id',
  'program',
  'related_lsp__id',
  'related_lsp__name',
  'rocket__configuration__full_name',
  'rocket__configuration__full_name__icontains',
  'rocket__configuration__id',
  'rocket__configuration__manufacturer__name',
  'rocket__configuration__manufacturer__name__icontains',
  'rocket__configuration__name',
  'rocket__spacecraftflight__spacecraft__id',
  'rocket__spacecraftflight__spacecraft__name',
  'rocket__spacecraftflight__spacecraft__name__icontains',
  'serial_number',
  'slug',
  'spacecraft_config__ids',
  'status',
  'status__ids',
  'video_url',
  'window_end__gt',
  'window_end__gte',
  'window_end__lt',
  'window_end__lte',
  'window_start__gt',
  'window_start__gte',
  'window_start__lt',
  'window_start__lte',
  'year',
];

const EVENT_LISTS = [
  ...COMMON,
  'agency__ids',
  'date__gt',
  'date__gt__lt',
  'date__gte',
  'date__lt',
  'date__lte',
  'day',
  'id',
  'last_updated__gte',
  'last_updated__lte',
  'month',
  'program',
  'slug',
  'type',
  'type__ids',
  'video_url',
  'year',
];

/** `__gt`, `__gte`, `__lt`, `__lte` without the exact lookup (a pad's coordinates). */
const comparisons = (name: string): string[] => counterLookups(name).slice(1);
/** The lists that document only paging, ordering and search (and the renderer). */
const PLAIN = ['format', 'limit', 'offset', 'ordering', 'search'];

/** The last of the launch and event lists: the reference lists follow them (a declared one placed first, after it). */
const LAST_EVENT_LIST = 'events/previous/';

/** By list route path, written by hand. */
const HAND_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  'launches/': LAUNCH_LISTS,
  'launches/upcoming/': [...LAUNCH_LISTS, 'hide_recent_previous'],
  'launches/previous/': LAUNCH_LISTS,
  'events/': EVENT_LISTS,
  'events/upcoming/': [...EVENT_LISTS, 'hide_recent_previous'],
  'events/previous/': EVENT_LISTS,
  // The config lists collected from the records (schemas/config-lists.ts), and the lists our records hold nothing for with LL2's modes and filters.
  ...Object.fromEntries(
    CONFIG_LISTS.map((list: ConfigList) => [
      configListPath(list),
      list.modes ? [...COMMON, ...Object.keys(list.filters ?? {})].sort() : PLAIN,
    ]),
  ),
};

/** By list route path: those above, and the declared resources' (schemas/resources/), each from its declaration. */
export const LL2_PARAMETERS: Readonly<Record<string, readonly string[]>> = placeDeclaredIn(
  HAND_PARAMETERS,
  DECLARED_RESOURCES,
  (d) => [d.path, d.ll2Parameters({ common: COMMON, plain: PLAIN, comparisons })],
  (d) =>
    d.placement === undefined
      ? undefined
      : d.placement.kind === null
        ? LAST_EVENT_LIST
        : REFERENCE_PATHS[d.placement.kind as ReferenceKind],
);
