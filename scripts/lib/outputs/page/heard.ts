// When the pages' data last heard from LL2: for one launch, the newest date its
// own sources state (model/history.ts lastHeardOf: its record and its history);
// for the whole data, status.json's `data_age` (api/metadata.ts dataAge). A
// launch whose NET passed after the data's last word (and before the build
// clock) is one the data stopped before, not one whose outcome went unrecorded:
// `stopped` says so, with what LL2 said of it last. In: the build context and a
// launch. Out: timestamps (UTC, as the API writes them) or null.

import type { BuildContext } from '../../api/context.ts';
import { dataAge } from '../../api/metadata.ts';
import { lastHeardOf } from '../../model/history.ts';
import type { LaunchRecord } from '../../model/records.ts';
import { formatTimestamp, toMillis } from '../../model/time.ts';
import { pageCore } from './assets.ts';
import type { Stopped } from './compact.ts';

export type { Stopped } from './compact.ts';

const stops = new WeakMap<BuildContext, number | null>();

/** When the data last heard from LL2 (status.json's `data_age.last_heard_from_ll2`), once per build; null when it does not say. */
export function dataStoppedAt(context: BuildContext): number | null {
  if (!stops.has(context)) {
    const heard = dataAge(context.data, context.now).last_heard_from_ll2;
    stops.set(context, heard === null ? null : toMillis(heard));
  }
  return stops.get(context) ?? null;
}

/** When this launch's data last heard from LL2, or null when none of its sources is LL2. */
export function heardOf(context: BuildContext, launch: LaunchRecord): string | null {
  const heard = lastHeardOf(launch, context.data.history?.get(launch.id));
  return heard === null ? null : formatTimestamp(heard);
}

/** For a launch whose NET is after the data's last word from LL2 and not after the build clock: that word's time and its record's; else null. */
export function stoppedOf(context: BuildContext, launch: LaunchRecord): Stopped | null {
  const stop = dataStoppedAt(context);
  if (stop === null) return null;
  const on = formatTimestamp(stop);
  // The rule the view by id applies in the browser too (browser/core.js stoppedBefore).
  if (!pageCore().stoppedBefore(launch.net, on, context.now)) return null;
  return { on, heard: heardOf(context, launch) };
}
