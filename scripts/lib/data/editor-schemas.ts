// The data-file schemas as files in the repository, wired to the YAML files for
// editors (VS Code's YAML extension and any yaml-language-server client), so a
// contributor sees the same errors while typing as CI reports.

import { dataFileSchemas, REFERENCE_FILES, STARSHIP_DASHBOARD_FILE } from '../../schemas/data-files.ts';
import { LL2_SYNC_FILE } from './data-tree.ts';

export const EDITOR_SCHEMA_DIR = 'data/schemas';

/** Files to keep in the repository, by path from the project root. */
export function editorSchemaFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const mapping: Record<string, string | string[]> = {};
  for (const [name, schema] of Object.entries(dataFileSchemas())) {
    files.set(`${EDITOR_SCHEMA_DIR}/${name}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
  }
  mapping[`./${EDITOR_SCHEMA_DIR}/launch.schema.json`] = ['data/launches/**/*.yaml', 'data/launches/**/*.yml'];
  mapping[`./${EDITOR_SCHEMA_DIR}/event.schema.json`] = ['data/events/**/*.yaml', 'data/events/**/*.yml'];
  for (const file of Object.values(REFERENCE_FILES))
    mapping[`./${EDITOR_SCHEMA_DIR}/${file}.schema.json`] = `data/reference/${file}.yaml`;
  mapping[`./${EDITOR_SCHEMA_DIR}/${STARSHIP_DASHBOARD_FILE}.schema.json`] =
    `data/reference/${STARSHIP_DASHBOARD_FILE}.yaml`;
  mapping[`./${EDITOR_SCHEMA_DIR}/ll2-sync.schema.json`] = `data/${LL2_SYNC_FILE}`;
  mapping[`./${EDITOR_SCHEMA_DIR}/history.schema.json`] = ['data/history/**/*.yaml', 'data/history/**/*.yml'];
  files.set(
    '.vscode/settings.json',
    `${JSON.stringify({ 'yaml.schemas': mapping, 'yaml.customTags': [], 'files.insertFinalNewline': true }, null, 2)}\n`,
  );
  files.set('.vscode/extensions.json', `${JSON.stringify({ recommendations: ['redhat.vscode-yaml'] }, null, 2)}\n`);
  return files;
}
