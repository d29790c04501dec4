// The sync run against the LL2 stand-in as the sync's tests run it: the stand-in's
// address, the global fetch, a 5 s timeout, a fixed user agent, and no resources
// in rotation unless a test names them. In: the stand-in, the data folder, the
// clock and the test's own options. Out: the sync's result.

import { type SyncOptions, syncLl2 } from '../../scripts/lib/import/sync/sync.ts';
import type { Ll2StandIn } from './ll2-stand-in.ts';

export const syncAgainst = (standIn: Ll2StandIn, dataDir: string, now: number, options: Partial<SyncOptions> = {}) =>
  syncLl2({
    dataDir,
    now,
    baseUrl: standIn.baseUrl,
    fetch,
    timeoutMs: 5000,
    userAgent: 'test',
    resources: [],
    ...options,
  });
