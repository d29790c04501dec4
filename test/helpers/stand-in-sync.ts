// The sync run against the LL2 stand-in as the sync's tests run it: the stand-in's
// address, the global fetch, a 5 s timeout, a fixed user agent, and no resources
// in rotation unless a test names them. In: the stand-in, the data folder, the
// clock and the test's own options. Out: the sync's result. Also each test's own
// world (a temporary folder with an empty data folder, and a stand-in serving the
// file's launches), and the sync's state file as a test reads it back.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type SyncOptions, syncLl2 } from '../../scripts/lib/import/sync/sync.ts';
import type { JsonObject } from '../../scripts/lib/model/records.ts';
import { removeDir, tempDir } from './data.ts';
import { type Ll2StandIn, startLl2StandIn } from './ll2-stand-in.ts';
import { readTree } from './tree.ts';

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

export interface StandInWorld {
  /** The test's temporary folder, holding `data/`. */
  root: string;
  dataDir: string;
  standIn: Ll2StandIn;
}

/**
 * Before each test of the file, a new world (`prefix` names its folder; the stand-in
 * serves `launches()` at `now`), handed to `use`; after it, the stand-in closed and the
 * folder removed.
 */
export function standInPerTest(
  prefix: string,
  now: number,
  launches: () => JsonObject[],
  use: (world: StandInWorld) => void,
): void {
  let world: StandInWorld | undefined;
  beforeEach(async () => {
    const root = await tempDir(prefix);
    const dataDir = path.join(root, 'data');
    await mkdir(dataDir);
    world = { root, dataDir, standIn: await startLl2StandIn({ now, launches: launches() }) };
    use(world);
  });
  afterEach(async () => {
    await world?.standIn.close();
    if (world) await removeDir(world.root);
  });
}

/** The sync's state file (`ll2-sync.yaml`) of a data folder, parsed. */
export const syncState = async (dataDir: string): Promise<Record<string, unknown>> =>
  parseYaml((await readTree(dataDir)).get('ll2-sync.yaml')!.toString()) as Record<string, unknown>;
