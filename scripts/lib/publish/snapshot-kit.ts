// Reading the snapshot kit: the files that go at the top of every offline
// snapshot (the standalone server and its instructions), kept as plain files in
// scripts/snapshot-kit/ so they can be read and run as they are.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { OutputFile } from '../api/files.ts';

export const KIT_DIR = fileURLToPath(new URL('../../snapshot-kit/', import.meta.url));
export const KIT_FILES = ['README.txt', 'serve.mjs'] as const;

export async function readSnapshotKit(dir = KIT_DIR): Promise<OutputFile[]> {
  return Promise.all(KIT_FILES.map(async (name) => ({ path: name, content: await readFile(`${dir}${name}`) })));
}
