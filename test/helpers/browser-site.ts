// A checked data set published for the browser tests into a temporary `<root>/public/`, as
// `buildSite` (scripts/lib/pipeline.ts) publishes it: the same plan (pages, API, host files),
// the same publishing (generation folder, manifest, .gz/.br twins of the JSON files), with one
// difference: the twins at the fast level (gzip 6, brotli 6), not the best ratio a build of
// this size gets (brotli 11, about 12 s of CPU for this fixture's 13 MB of JSON). The browser
// reads the twins as it reads a real host's; their ratio is what test/compress.test.ts proves.
// In: the data set and the build's inputs. Out: the folders and a cleanup.

import path from 'node:path';
import type { BuildInputs } from '../../scripts/lib/api/context.ts';
import { toolFingerprint } from '../../scripts/lib/base/tool-identity.ts';
import type { DataSet } from '../../scripts/lib/model/records.ts';
import { planSite } from '../../scripts/lib/pipeline.ts';
import { twinCompanions } from '../../scripts/lib/publish/compress.ts';
import { publishPlan } from '../../scripts/lib/publish/publish.ts';
import { removeDir, tempDir } from './data.ts';

export interface BrowserSite {
  /** The temporary folder; the site is its `public/`. */
  root: string;
  out: string;
  cleanup: () => Promise<void>;
}

export async function publishBrowserSite(dataset: DataSet, inputs: BuildInputs): Promise<BrowserSite> {
  const root = await tempDir();
  const out = path.join(root, 'public');
  await publishPlan(out, planSite(dataset, inputs), {
    recipe: `twins:fast;tool:${toolFingerprint()}`,
    companions: twinCompanions('fast'),
  });
  return { root, out, cleanup: () => removeDir(root) };
}
