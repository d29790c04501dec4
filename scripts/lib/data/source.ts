// Parsing one YAML data file into a value while keeping the syntax tree, so that
// any later problem can be reported at the line and column of the node it concerns.

import type { Document, LineCounter, Node, Pair, YAMLMap } from 'yaml';
import { yaml } from '../base/lazy-packages.ts';
import type { Problem } from './problems.ts';
import { findUnsafeText } from './unsafe-text.ts';
import { estimateNesting, MAX_NESTING_ESTIMATE } from './yaml-depth.ts';

/** A launch or event file holds one record. */
export const MAX_FILE_BYTES = 256 * 1024;
/** A reference file holds every record of its kind: about 500 launcher configurations at LL2's scale. */
export const MAX_REFERENCE_FILE_BYTES = 2 * 1024 * 1024;
/** The size limit of a data file of a kind (`FileKind`: a plain string here, as files.ts imports this module). */
export const maxFileBytes = (kind: string): number =>
  kind === 'reference' ? MAX_REFERENCE_FILE_BYTES : MAX_FILE_BYTES;
export const MAX_DEPTH = 24;
export const MAX_ALIASES = 50;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type { PathSegment } from '../model/records.ts';
import type { PathSegment } from '../model/records.ts';

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

function lineAndColumn(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, col: offset - before.lastIndexOf('\n') };
}

function problemAt(path: string, line: number, col: number, rule: string, message: string, hint: string): Problem {
  return { severity: 'error', file: path, line, col, rule, field: '', message, hint };
}

/**
 * A file known to be valid (from the record cache): its syntax tree, needed only
 * to place a problem found across records, is parsed on first use. (A class: a
 * build makes one per data file.)
 */
class LazySourceFile implements SourceFile {
  private parsed: { doc: Document.Parsed; lines: LineCounter } | undefined;
  private textValue: string | undefined;

  constructor(
    readonly path: string,
    private readonly source: string | Buffer | (() => Buffer),
    readonly value: unknown,
  ) {}

  get text(): string {
    const { source } = this;
    return (this.textValue ??=
      typeof source === 'string' ? source : (typeof source === 'function' ? source() : source).toString('utf8'));
  }

  private parse(): { doc: Document.Parsed; lines: LineCounter } {
    if (!this.parsed) {
      const lines = new (yaml().LineCounter)();
      this.parsed = {
        doc: yaml().parseDocument(this.text, { lineCounter: lines, uniqueKeys: false, schema: 'core' }),
        lines,
      };
    }
    return this.parsed;
  }

  get doc(): Document.Parsed {
    return this.parse().doc;
  }

  get lines(): LineCounter {
    return this.parse().lines;
  }
}

export function lazySourceFile(path: string, source: string | Buffer | (() => Buffer), value: unknown): SourceFile {
  return new LazySourceFile(path, source, value);
}

export function parseYamlSource(path: string, bytes: Buffer, limit = MAX_FILE_BYTES): ParseResult {
  if (bytes.length > limit) {
    return {
      problems: [
        problemAt(
          path,
          1,
          1,
          'file-too-large',
          `file is ${bytes.length} bytes, the limit is ${limit}`,
          'split the record or shorten its text fields',
        ),
      ],
    };
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {
      problems: [
        problemAt(
          path,
          1,
          1,
          'byte-order-mark',
          'file starts with a UTF-8 byte order mark',
          'save the file as UTF-8 without BOM',
        ),
      ],
    };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problems: [problemAt(path, 1, 1, 'invalid-utf8', 'file is not valid UTF-8', 'save the file as UTF-8')] };
  }

  const lines = new (yaml().LineCounter)();
  const nesting = estimateNesting(text);
  if (nesting.offset !== undefined) {
    // Refused before parsing: the parser recurses once per level (yaml-depth.ts).
    const { line, col } = lineAndColumn(text, nesting.offset);
    return {
      problems: [
        problemAt(
          path,
          line,
          col,
          'too-deep',
          `nested or indented too deeply to parse safely (limit: ${MAX_DEPTH} levels, ${MAX_NESTING_ESTIMATE} columns)`,
          'flatten the structure; indent by 2 spaces',
        ),
      ],
    };
  }
  let doc: Document.Parsed;
  try {
    // Duplicate keys are found by checkTree in linear time; the parser's own check
    // (uniqueKeys) compares every key with every other, minutes for a hostile 256 KB file.
    doc = yaml().parseDocument(text, {
      lineCounter: lines,
      prettyErrors: true,
      uniqueKeys: false,
      schema: 'core',
      strict: true,
    });
  } catch (error) {
    // The parser is not expected to throw, but a hostile file must still fail as a problem, not a crash.
    return {
      problems: [
        problemAt(
          path,
          1,
          1,
          'yaml-syntax',
          `the file cannot be parsed: ${(error as Error).message}`,
          'fix the YAML syntax (check nesting, indentation, quotes and colons)',
        ),
      ],
    };
  }
  const problems: Problem[] = [];
  for (const error of [...doc.errors, ...doc.warnings]) {
    const [line, col] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [1, 1];
    const duplicate = error.code === 'DUPLICATE_KEY';
    const tag = error.code === 'TAG_RESOLVE_FAILED';
    problems.push(
      problemAt(
        path,
        line,
        col,
        duplicate ? 'duplicate-key' : tag ? 'yaml-tag' : 'yaml-syntax',
        error.message.split('\n')[0],
        duplicate
          ? 'keep one of the two keys'
          : tag
            ? 'remove the tag (a word starting with "!"); data files use plain values'
            : 'fix the YAML syntax at this position (check indentation, quotes and colons)',
      ),
    );
  }
  if (problems.length > 0) return { problems };

  problems.push(...checkTree(path, doc, lines));
  if (problems.length > 0) return { problems };

  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return {
      problems: [
        problemAt(
          path,
          1,
          1,
          'yaml-aliases',
          (error as Error).message,
          `use at most ${MAX_ALIASES} aliases; write the values out`,
        ),
      ],
    };
  }
  const file = { path, text, doc, lines, value };
  problems.push(...checkValue(file));
  if (problems.length > 0) return { problems };
  return { file, problems };
}

/**
 * Checks of the parsed value (after aliases are expanded), a second line behind
 * `checkTree`: no key that could touch a prototype however it was written, and no
 * string with characters that could hide or inject text (unsafe-text.ts).
 */
function checkValue(file: SourceFile): Problem[] {
  const problems: Problem[] = [];
  const visit = (value: unknown, at: PathSegment[]): void => {
    if (Array.isArray(value)) for (const [i, item] of value.entries()) visit(item, [...at, i]);
    else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (FORBIDDEN_KEYS.has(key)) {
          const { line, col } = locate(file, [...at, key], 'key');
          problems.push({
            ...problemAt(file.path, line, col, 'forbidden-key', `key "${key}" is not allowed`, 'remove this key'),
            field: [...at, key].join('.'),
          });
        }
        visit((value as Record<string, unknown>)[key], [...at, key]);
      }
    }
  };
  visit(file.value, []);
  for (const found of findUnsafeText(file.value)) {
    const { line, col } = locate(file, found.path, found.inKey ? 'key' : 'value');
    problems.push({
      ...problemAt(
        file.path,
        line,
        col,
        'unsafe-character',
        `${found.inKey ? 'key' : 'text'} contains the character ${found.codePoint} (a control, line-separator or text-direction character)`,
        'remove it; write line breaks as real new lines in a block scalar (|)',
      ),
      field: found.path.join('.'),
    });
  }
  return problems;
}

/** Rejects what a schema cannot see safely: too deep nesting, tags, and keys that could touch prototypes or collide. */
function checkTree(path: string, doc: Document.Parsed, lines: LineCounter): Problem[] {
  const { isMap, isScalar, isSeq } = yaml();
  const problems: Problem[] = [];
  // Tags such as !!binary or !!set make values that are not plain data.
  const checkTag = (node: unknown): void => {
    if (!(isScalar(node) || isMap(node) || isSeq(node)) || !node.tag) return;
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    problems.push(
      problemAt(
        path,
        line,
        col,
        'yaml-tag',
        `the tag ${JSON.stringify(node.tag)} is not allowed`,
        'remove the tag (a word starting with "!"); data files use plain values',
      ),
    );
  };
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH) {
      const { line, col } = lines.linePos((node as Node).range?.[0] ?? 0);
      problems.push(
        problemAt(path, line, col, 'too-deep', `nesting deeper than ${MAX_DEPTH} levels`, 'flatten the structure'),
      );
      return;
    }
    checkTag(node);
    if (isMap(node)) {
      const keys = new Set<string>();
      for (const pair of node.items) {
        const keyNode = pair.key as Node | null;
        const { line, col } = lines.linePos(keyNode?.range?.[0] ?? (pair.value as Node | null)?.range?.[0] ?? 0);
        if (!isScalar(pair.key)) {
          // An alias or a list as a key would become a key no check has seen (e.g. "__proto__").
          problems.push(
            problemAt(
              path,
              line,
              col,
              'complex-key',
              'keys must be plain words, not aliases, lists or mappings',
              'write the key out as text',
            ),
          );
        } else if (FORBIDDEN_KEYS.has(String(pair.key.value))) {
          problems.push(
            problemAt(
              path,
              line,
              col,
              'forbidden-key',
              `key "${String(pair.key.value)}" is not allowed`,
              'remove this key',
            ),
          );
        } else if (keys.has(String(pair.key.value))) {
          // YAML tells 1 from "1"; a JSON object does not.
          problems.push(
            problemAt(
              path,
              line,
              col,
              'duplicate-key',
              `key ${JSON.stringify(String(pair.key.value))} occurs twice in this mapping`,
              'keep one of the two keys',
            ),
          );
        }
        if (isScalar(pair.key)) keys.add(String(pair.key.value));
        checkTag(pair.key);
        visit(pair.value, depth + 1);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item, depth + 1);
    }
  };
  visit(doc.contents, 0);
  return problems;
}

const pairIndex = new WeakMap<YAMLMap, Map<string, Pair>>();

/** The pairs of a mapping by key (the first of equal keys), built once: locating many problems stays linear. */
function pairsByKey(map: YAMLMap): Map<string, Pair> {
  const { isScalar, isPair } = yaml();
  let index = pairIndex.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items)
      if (isPair(p) && isScalar(p.key) && !index.has(String(p.key.value))) index.set(String(p.key.value), p);
    pairIndex.set(map, index);
  }
  return index;
}

/**
 * Line and column of the node at `path` (its key when `at` is 'key'), or of the
 * deepest node on the way there when the path does not exist (a missing field).
 */
export function locate(
  file: SourceFile,
  path: readonly PathSegment[],
  at: 'key' | 'value' = 'value',
): { line: number; col: number } {
  const { isMap, isSeq } = yaml();
  let node: unknown = file.doc.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = pairsByKey(node).get(String(segment));
      if (!pair) break;
      const keyNode = pair.key as Node;
      offset =
        last && at === 'key'
          ? (keyNode.range?.[0] ?? offset)
          : ((pair.value as Node | null)?.range?.[0] ?? keyNode.range?.[0] ?? offset);
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
