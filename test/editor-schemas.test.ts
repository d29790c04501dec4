import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorSchemaFiles } from '../scripts/lib/data/editor-schemas.ts';
import { createAjv } from '../scripts/lib/data/schema-check.ts';
import { dataFileSchemas } from '../scripts/schemas/data-files.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('editor schemas', () => {
  it('the committed schemas and editor settings match the schemas the build uses (run `npm run schemas` after changing them)', async () => {
    for (const [file, expected] of editorSchemaFiles()) {
      expect(await readFile(path.join(ROOT, file), 'utf8'), file).toBe(expected);
    }
  });

  it('every data folder is mapped to a schema', () => {
    const settings = JSON.parse(editorSchemaFiles().get('.vscode/settings.json')!);
    const globs = Object.values(settings['yaml.schemas'] as Record<string, string | string[]>).flat();
    expect(globs).toEqual(
      expect.arrayContaining(['data/launches/**/*.yaml', 'data/events/**/*.yaml', 'data/reference/pads.yaml']),
    );
  });

  // The build compiles them without this check (schema-check.ts), so it is made here.
  it('every data-file schema is valid against the JSON Schema meta-schema', () => {
    const ajv = createAjv({ checkSchemas: true });
    for (const [name, schema] of Object.entries(dataFileSchemas())) {
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      expect(() => ajv.compile(schema), name).not.toThrow();
    }
    expect(ajv.validateSchema({ type: 'object', properties: { id: { type: 'no-such-type' } } })).toBe(false);
  });
});
