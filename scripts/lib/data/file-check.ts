// The checks of one file on its own, without looking at any other record:
// placeholders left by the scaffold, the file's JSON Schema, then its canonical
// form. What the record cache remembers as clean, and what the worker thread runs.

import { canonicalFormProblem } from './canonical.ts';
import type { LoadedFile } from './files.ts';
import type { Problem } from './problems.ts';
import { TODO } from './scaffold.ts';
import type { FileValidator } from './schema-check.ts';
import { locate, type PathSegment } from './source.ts';

/** Placeholders left from `npm run new:launch` / `new:event`: each must be replaced. */
function unfilledFields(file: LoadedFile): Problem[] {
  const found: Problem[] = [];
  const visit = (value: unknown, path: PathSegment[]) => {
    if (typeof value === 'string' && value.includes(TODO)) {
      const { line, col } = locate(file, path);
      found.push({
        severity: 'error',
        file: file.path,
        line,
        col,
        rule: 'unfilled-template',
        field: path.join('.'),
        message: `"${value}" is a placeholder`,
        hint: 'replace the TODO with the real value (see data/reference/ for keys)',
      });
    } else if (Array.isArray(value)) for (const [i, item] of value.entries()) visit(item, [...path, i]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  if (file.kind !== 'reference') visit(file.value, []);
  return found;
}

/**
 * The checks of one file on its own: placeholders, its schema, then (only once the
 * content is valid) its canonical form. What the record cache remembers as clean.
 */
export function checkFile(file: LoadedFile, validateFile: FileValidator): { content: Problem[]; form?: Problem } {
  const todos = unfilledFields(file);
  const todoFields = new Set(todos.map((p) => p.field));
  const content = [...todos, ...validateFile(file).filter((p) => !todoFields.has(p.field))];
  // Form is checked only once the content is valid: fix what is wrong before how it looks.
  return { content, form: content.length === 0 ? canonicalFormProblem(file) : undefined };
}
