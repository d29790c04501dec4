// Publishing a data folder as the build does (the site's plan, .gz/.br twins,
// publishPlan), with a recipe and a checkpoint of the caller's: for the tests
// that kill a rebuild after one step of its publish (rebuild-whole.test.ts).

import type { PublishResult, PublishStep } from '../../scripts/lib/publish/publish.ts';
import { publishPlan } from '../../scripts/lib/publish/publish.ts';
import { compressionLevelFor, twinCompanions } from '../../scripts/lib/publish/compress.ts';
import { planSite, recordCacheIn, validateDataDir } from '../../scripts/lib/pipeline.ts';

export const SITE_NOW = Date.parse('2026-11-21T12:00:00Z');
export const SITE_BASE = 'http://localhost:8080/2.3.0/';

export interface SitePublishHooks {
  checkpoint?: (step: PublishStep) => void | Promise<void>;
  progress?: (done: number, total: number) => void;
  /** A record cache (the data's checks are then read back, not run again). */
  cacheDir?: string;
}

export async function publishSite(
  dataDir: string,
  outDir: string,
  recipe: string,
  { cacheDir, ...hooks }: SitePublishHooks = {},
): Promise<PublishResult> {
  const checked = await validateDataDir(dataDir, SITE_NOW, await recordCacheIn(cacheDir));
  if (!checked.dataset) throw new Error(`the data in ${dataDir} has errors`);
  const plan = planSite(checked.dataset, { now: SITE_NOW, baseUrl: SITE_BASE });
  const level = compressionLevelFor(checked.dataset.launches.length + checked.dataset.events.length);
  return publishPlan(outDir, plan, { recipe, companions: twinCompanions(level), ...hooks });
}
