// The edge tests' harness: the query fixture built (query-site.ts), the Node server
// answering it, the tree served to workerd as its env.ASSETS disk service
// (bench-workerd.ts startAssets) and the built `_worker.js`'s code, so that a test
// starts workers on it and compares their answers with the Node server's. Out: the
// harness, the Node server's answer to one request, and close() for all of it.

import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { type AssetsHost, BENCH_HOST, startAssets } from '../../scripts/bench-workerd.ts';
import { createApiServer, listen } from '../../scripts/lib/query/node-server.ts';
import { removeDir } from './data.ts';
import { buildQuerySite } from './query-site.ts';

export interface EdgeHarness {
  site: { root: string; out: string };
  assets: AssetsHost;
  /** The built worker's source (`_worker.js`). */
  code: string;
  /** The Node server's answer to the same request (the same Host, so that links name the same origin). */
  fromNode(target: string): Promise<{ status: number; body: Buffer }>;
  close(): Promise<void>;
}

export async function startEdgeHarness(): Promise<EdgeHarness> {
  const site = await buildQuerySite();
  const server = createApiServer({ root: site.out, allowedHosts: [BENCH_HOST] });
  const port = await listen(server, 0);
  const assets = await startAssets(site.out);
  const code = await readFile(path.join(site.out, '_worker.js'), 'utf8');
  const fromNode = (target: string): Promise<{ status: number; body: Buffer }> =>
    new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: target, agent: false, headers: { Host: BENCH_HOST } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  return {
    site,
    assets,
    code,
    fromNode,
    close: async () => {
      server.close();
      await assets.stop();
      await removeDir(site.root);
    },
  };
}
