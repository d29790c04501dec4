// npm run schemas: writes the data-file JSON Schemas and the editor settings that use them.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { editorSchemaFiles } from './lib/data/editor-schemas.ts';

await runCli(async () => {
  for (const [file, content] of editorSchemaFiles()) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    console.log(`wrote ${file}`);
  }
});
