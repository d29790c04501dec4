// Rewriting data files into canonical form (the I/O side of canonical.ts).

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalText, schemaForFile } from './canonical.ts';
import { loadDataDir } from './load.ts';
import type { Problem } from './problems.ts';

export interface FixResult {
  rewritten: string[];
  /** Files that could not be parsed: they are left alone and reported. */
  problems: Problem[];
}

export async function fixDataDir(dataDir: string, cwd = process.cwd()): Promise<FixResult> {
  const loaded = await loadDataDir(dataDir, cwd);
  const rewritten: string[] = [];
  for (const file of loaded.files) {
    const schema = schemaForFile(file.kind, file.name);
    if (!schema) continue;
    const expected = canonicalText(file.doc, schema);
    if (expected === file.text) continue;
    await writeFile(path.resolve(cwd, file.path), expected);
    rewritten.push(file.path);
  }
  return { rewritten, problems: loaded.problems };
}
