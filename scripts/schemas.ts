// npm run schemas: writes the data-file JSON Schemas and the editor settings that use them.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { wantsHelp } from './lib/cli/options.ts';
import { editorSchemaFiles } from './lib/data/editor-schemas.ts';

const USAGE = `usage: npm run schemas

Writes the data-file JSON Schemas (data/schemas/) and the editor settings that use
them, after a change to the schemas in scripts/schemas/. Takes no options.`;

await runCli(async () => {
  if (wantsHelp(process.argv.slice(2), [], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  for (const [file, content] of editorSchemaFiles()) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    console.log(`wrote ${file}`);
  }
});
