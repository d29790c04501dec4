// Parsing one YAML data file into a value while keeping the syntax tree, so that
// any later problem can be reported at the line and column of the node it concerns.

import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { Problem } from './problems.ts';

export const MAX_FILE_BYTES = 256 * 1024;
export const MAX_DEPTH = 24;
export const MAX_ALIASES = 50;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type PathSegment = string | number;

export interface SourceFile {
  /** Path shown to people and in annotations. */
  path: string;
  text: string;
  doc: Document.Parsed;
  lines: LineCounter;
  value: unknown;
}

export interface ParseResult {
  file?: SourceFile;
  problems: Problem[];
}

function problemAt(path: string, line: number, col: number, rule: string, message: string, hint: string): Problem {
  return { severity: 'error', file: path, line, col, rule, field: '', message, hint };
}

export function parseYamlSource(path: string, bytes: Buffer): ParseResult {
  if (bytes.length > MAX_FILE_BYTES) {
    return { problems: [problemAt(path, 1, 1, 'file-too-large', `file is ${bytes.length} bytes, the limit is ${MAX_FILE_BYTES}`, 'split the record or shorten its text fields')] };
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { problems: [problemAt(path, 1, 1, 'byte-order-mark', 'file starts with a UTF-8 byte order mark', 'save the file as UTF-8 without BOM')] };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problems: [problemAt(path, 1, 1, 'invalid-utf8', 'file is not valid UTF-8', 'save the file as UTF-8')] };
  }

  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, schema: 'core', strict: true });
  const problems: Problem[] = [];
  for (const error of doc.errors) {
    const [line, col] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [1, 1];
    const duplicate = error.code === 'DUPLICATE_KEY';
    problems.push(problemAt(
      path, line, col, duplicate ? 'duplicate-key' : 'yaml-syntax',
      error.message.split('\n')[0],
      duplicate ? 'keep one of the two keys' : 'fix the YAML syntax at this position (check indentation, quotes and colons)',
    ));
  }
  if (problems.length > 0) return { problems };

  problems.push(...checkTree(path, doc, lines));
  if (problems.length > 0) return { problems };

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { problems: [problemAt(path, 1, 1, 'yaml-aliases', (error as Error).message, `use at most ${MAX_ALIASES} aliases; write the values out`)] };
  }
  return { file: { path, text, doc, lines, value }, problems };
}

/** Rejects what a schema cannot see safely: too deep nesting and keys that could touch prototypes. */
function checkTree(path: string, doc: Document.Parsed, lines: LineCounter): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) {
      const { line, col } = lines.linePos((node as Node).range?.[0] ?? 0);
      problems.push(problemAt(path, line, col, 'too-deep', `nesting deeper than ${MAX_DEPTH} levels`, 'flatten the structure'));
      return;
    }
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isScalar(pair.key) && FORBIDDEN_KEYS.has(String(pair.key.value))) {
          const { line, col } = lines.linePos(pair.key.range?.[0] ?? 0);
          problems.push(problemAt(path, line, col, 'forbidden-key', `key "${String(pair.key.value)}" is not allowed`, 'remove this key'));
        }
        visit(pair.value, depth + 1);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item, depth + 1);
    }
  };
  visit(doc.contents, 0);
  return problems;
}

/**
 * Line and column of the node at `path` (its key when `at` is 'key'), or of the
 * deepest node on the way there when the path does not exist (a missing field).
 */
export function locate(file: SourceFile, path: readonly PathSegment[], at: 'key' | 'value' = 'value'): { line: number; col: number } {
  let node: unknown = file.doc.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      const keyNode = pair.key as Node;
      offset = last && at === 'key' ? keyNode.range?.[0] ?? offset : ((pair.value as Node | null)?.range?.[0] ?? keyNode.range?.[0] ?? offset);
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
      node = node.items[segment];
      offset = (node as Node).range?.[0] ?? offset;
    } else {
      break;
    }
  }
  return file.lines.linePos(offset);
}
