// The fields of the hand-written response objects that several definitions share
// (schemas/response-definitions.ts): a launch and a spacecraft flight, each by
// mode where LL2's objects differ by mode. In: the response building blocks. Out:
// those field lists. Pure.

import type { Schema } from './building-blocks.ts';
import { arr, b, mode, ni, ns, nullable, ref, s, ts, uri } from './response-blocks.ts';

const uuid: Schema = { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' };

export const attemptCounters = Object.fromEntries(
  ['orbital', 'location', 'pad', 'agency']
    .flatMap((k) => [`${k}_launch_attempt_count`, `${k}_launch_attempt_count_year`])
    .map((k) => [k, ni]),
);

export const launchBasicFields = (m: string) => ({
  id: uuid,
  url: uri,
  name: s,
  response_mode: mode(m),
  slug: s,
  launch_designator: ns,
  status: ref('LaunchStatus'),
  last_updated: ts,
  net: ts,
  net_precision: nullable(ref('NetPrecision')),
  window_end: ts,
  window_start: ts,
  image: nullable(ref('Image')),
  infographic: ns,
});
export const launchNormalFields = (m: string, lsp: Schema, rocket: Schema) => ({
  ...launchBasicFields(m),
  probability: ni,
  weather_concerns: ns,
  failreason: ns,
  hashtag: ns,
  launch_service_provider: lsp,
  rocket,
  mission: nullable(ref('Mission')),
  pad: ref('Pad'),
  webcast_live: b,
  program: arr(ref('Program')),
  ...attemptCounters,
});
