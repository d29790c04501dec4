// The checked-in fixture's API in memory, for tests of resources: its files by
// path (generateApi) and a query handler answering on them as the Node server and
// the edge worker do. `prepare` edits the copied data folder first.

import { generateApi, validateDataDir } from '../../scripts/lib/pipeline.ts';
import { createHandler } from '../../scripts/lib/query/handler.ts';
import { copyFixture, removeDir } from './data.ts';

export interface FixtureApi {
  files: Map<string, string>;
  json: (path: string) => any;
  get: (pathAndQuery: string) => Promise<{ status: number; body: any }>;
}

export async function fixtureApi(
  now: number,
  baseUrl: string,
  prepare?: (dataDir: string) => Promise<void>,
): Promise<FixtureApi> {
  const dataDir = await copyFixture();
  try {
    await prepare?.(dataDir);
    const checked = await validateDataDir(dataDir, now);
    if (!checked.dataset) throw new Error(`fixture has errors: ${JSON.stringify(checked.problems.slice(0, 3))}`);
    const files = new Map(generateApi(checked.dataset, { now, baseUrl }).map((f) => [f.path, String(f.content)]));
    const handler = createHandler({ readText: async (file) => files.get(file) });
    return {
      files,
      json: (path) => JSON.parse(files.get(path)!),
      get: async (pathAndQuery) => {
        const response = await handler.fetch(new Request(`http://query.test/2.3.0/${pathAndQuery}`));
        return { status: response.status, body: await response.json() };
      },
    };
  } finally {
    await removeDir(dataDir);
  }
}
