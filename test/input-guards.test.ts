// The small pure guards behind the hostile-input handling, one by one.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyEntry, printableName } from '../scripts/lib/data/data-tree.ts';
import { outDirProblem } from '../scripts/lib/publish/out-dir.ts';
import { assertSafeOutputPaths, unsafeOutputPath, UnsafeOutputError } from '../scripts/lib/publish/output-paths.ts';
import { capProblems, MAX_PROBLEMS_PER_FILE } from '../scripts/lib/data/problem-cap.ts';
import type { Problem } from '../scripts/lib/data/problems.ts';
import { reportProblems } from '../scripts/lib/cli/report.ts';
import { parseYamlSource } from '../scripts/lib/data/source.ts';
import { describeTimestampProblem, isIsoDuration } from '../scripts/lib/model/time.ts';
import { findUnsafeText, printable, unsafeCharacter } from '../scripts/lib/data/unsafe-text.ts';
import { estimateNesting, MAX_NESTING_ESTIMATE } from '../scripts/lib/data/yaml-depth.ts';

describe('what the data folder may hold (classifyEntry)', () => {
  it.each([
    [['launches'], 'directory', 'descend'],
    [['launches', '2030'], 'directory', 'descend'],
    [['launches', '2030', 'falcon-9.yaml'], 'file', 'data'],
    [['events', '2030', 'docking.yml'], 'file', 'data'],
    [['reference', 'pads.yaml'], 'file', 'data'],
    [['schemas', 'pads.schema.json'], 'file', 'ignore'],
    [['README.md'], 'file', 'ignore'],
    [['ll2-sync.yaml'], 'file', 'data'],
    [['launches', '.gitkeep'], 'file', 'ignore'],
  ] as const)('%j (%s) is accepted: %s', (segments, type, accept) => {
    expect(classifyEntry(segments, type)).toMatchObject({ accept });
  });

  it.each([
    [['launches', 'x.yaml'], 'symlink', 'symlink'],
    [['launches', 'x.yaml'], 'other', 'not-a-file'],
    [['x.yaml'], 'file', 'unexpected-file'],
    [['ll2-sync.yaml'], 'directory', 'unexpected-file'],
    [['tools'], 'directory', 'unexpected-file'],
    [['launches', 'x.json'], 'file', 'unexpected-file'],
    [['reference', 'sub'], 'directory', 'unexpected-file'],
    [['reference', 'sub', 'pads.yaml'], 'file', 'unexpected-file'],
    [['schemas', 'x.yaml'], 'file', 'unexpected-file'],
    [['launches', 'a', 'b', 'c', 'd', 'e'], 'directory', 'unexpected-file'],
    [['launches', '.hidden.yaml'], 'file', 'bad-file-name'],
    [['launches', 'a b.yaml'], 'file', 'bad-file-name'],
    [['launches', 'é.yaml'], 'file', 'bad-file-name'],
    [['launches', 'a\n::error::x.yaml'], 'file', 'bad-file-name'],
    [['launches', '-rf.yaml'], 'file', 'bad-file-name'],
  ] as const)('%j (%s) is refused: %s', (segments, type, rule) => {
    expect(classifyEntry(segments, type)).toMatchObject({ rule });
  });

  it('prints names with control and non-ASCII characters escaped', () => {
    expect(printableName('falcon-9.yaml')).toBe('falcon-9.yaml');
    expect(printableName('a\n::error::b\u001b.yaml')).toBe('a\\n::error::b\\u001b.yaml');
    expect(printableName('évil')).toBe('\\u00e9vil');
  });
});

describe('unsafe characters in text', () => {
  it.each([
    ['NUL', 'a\u0000b', 'U+0000'],
    ['ESC', '\u001b[31m', 'U+001B'],
    ['CR', 'a\rb', 'U+000D'],
    ['DEL', 'a\u007f', 'U+007F'],
    ['C1', 'a\u0085', 'U+0085'],
    ['line separator', 'a\u2028', 'U+2028'],
    ['RTL override', '\u202egnp', 'U+202E'],
    ['isolate', '\u2066x', 'U+2066'],
    ['lone high surrogate', 'a\ud800b', 'U+D800'],
    ['lone low surrogate', 'a\udc00', 'U+DC00'],
  ])('%s is refused', (_name, text, codePoint) => {
    expect(unsafeCharacter(text)).toBe(codePoint);
  });

  it.each([
    ['tab and new line', 'a\tb\nc'],
    ['accents and scripts', 'Союз-2.1б 長征 Ariane 5 ECA'],
    ['emoji (a surrogate pair)', 'launch 🚀'],
    ['markup', '</script>&amp;'],
  ])('%s is allowed', (_name, text) => {
    expect(unsafeCharacter(text)).toBeUndefined();
  });

  it('finds them in values and keys, with their path', () => {
    expect(findUnsafeText({ a: ['ok', 'x\u0007'], 'k\u0000': 1 })).toEqual([
      { path: ['a', 1], inKey: false, codePoint: 'U+0007' },
      { path: ['k\u0000'], inKey: true, codePoint: 'U+0000' },
    ]);
  });

  it('printable() escapes them and keeps new lines and tabs', () => {
    expect(printable('a\u001b[2Jb\n\tc\u202e')).toBe('a\\u001b[2Jb\n\tc\\u202e');
  });

  it('problems are printed without them, and data quoted in messages cannot start a line', () => {
    const lines: string[] = [];
    const problem: Problem = {
      severity: 'error',
      file: 'data/a\u001b.yaml',
      line: 1,
      col: 1,
      rule: 'bad-timestamp',
      field: 'net',
      message: describeTimestampProblem('2030\n::error::x'),
      hint: '',
    };
    reportProblems([problem], {}, (line) => lines.push(line));
    const printed = lines.join('\n');
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(printed).not.toMatch(/^\s*::/m);
    expect(printed).toContain('"2030\\n::error::x"');
  });
});

describe('nesting is bounded before parsing (estimateNesting)', () => {
  it('stops at the first token past the limit, without parsing', () => {
    expect(estimateNesting('['.repeat(1_000_000)).offset).toBe(MAX_NESTING_ESTIMATE);
    expect(estimateNesting(`${'- '.repeat(100)}x`).offset).toBeDefined();
    expect(
      estimateNesting(Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')).offset,
    ).toBeDefined();
  });

  it('ignores what only looks deep: brackets in quotes and comments, indented block scalars', () => {
    expect(estimateNesting(`a: "${'['.repeat(500)}"\n# ${'{'.repeat(500)}\n`).offset).toBeUndefined();
    expect(estimateNesting(`a: |\n${' '.repeat(200)}x\n${' '.repeat(200)}y\nb: 1\n`).offset).toBeUndefined();
    expect(estimateNesting('a:\n  b:\n    - c: [1, {d: 2}]\n').estimate).toBeLessThan(12);
  });

  it('a parse that would exhaust the stack is a problem, never a crash', () => {
    for (const text of ['['.repeat(200_000), '{'.repeat(200_000), `${'- '.repeat(100_000)}x`, '[{'.repeat(100_000)]) {
      const result = parseYamlSource('deep.yaml', Buffer.from(text));
      expect(result.problems[0]).toMatchObject({ rule: 'too-deep', file: 'deep.yaml' });
    }
  });
});

describe('YAML that a schema cannot see', () => {
  const rules = (text: string) => parseYamlSource('x.yaml', Buffer.from(text)).problems.map((p) => p.rule);
  it.each([
    ['an alias as a key', 'a: &k __proto__\n*k : 1\n', 'complex-key'],
    ['a mapping as a key', '? {a: 1}\n: 1\n', 'complex-key'],
    ['keys equal once stringified', '1: a\n"1": b\n', 'duplicate-key'],
    ['the same key twice', 'a: 1\na: 2\n', 'duplicate-key'],
    ['a tag the core schema knows but data does not use', 'a: !!binary aGk=\n', 'yaml-tag'],
    ['a tag on a key', '!!str a: 1\n', 'yaml-tag'],
    ['an unknown tag', 'a: !js/function x\n', 'yaml-tag'],
    ['a constructor key, anywhere', 'a:\n  - constructor: 1\n', 'forbidden-key'],
    ['a control character in a value', 'a: "x\\ey"\n', 'unsafe-character'],
  ])('%s', (_name, text, rule) => {
    expect(rules(text)).toContain(rule);
  });

  it('a quoted "__proto__" never reaches an object prototype', () => {
    parseYamlSource('x.yaml', Buffer.from('"__proto__": {polluted: true}\nb: {"__proto__": {polluted: true}}\n'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('durations are bounded (iso-duration)', () => {
  it.each(['PT6H30M', 'P6M', 'P1Y2M3DT4H5M6S', 'PT1.5S', 'P100Y', 'P5W'])('%s is accepted', (d) =>
    expect(isIsoDuration(d)).toBe(true),
  );
  it.each(['P101Y', 'PT99999999999999999999H', 'PT9999999H', 'P9999999W', 'P', 'PT', '6h'])('%s is refused', (d) =>
    expect(isIsoDuration(d)).toBe(false),
  );
});

describe('output paths (unsafeOutputPath)', () => {
  it.each([
    '2.3.0/launches/index.json',
    '404.json',
    '_headers',
    'hosts/nginx.conf',
    '2.3.0/launches/00000000-0000-4000-8000-000000000001/index.json.br',
  ])('%s is safe', (p) => {
    expect(unsafeOutputPath(p)).toBeUndefined();
  });
  it.each([
    '',
    '/etc/passwd',
    '../x',
    'a/../../x',
    'a/./b',
    'a//b',
    'a\\b',
    'a/%2e%2e/b',
    'a b',
    'é',
    'a\u0000',
    'x'.repeat(1025),
  ])('%j is refused', (p) => {
    expect(unsafeOutputPath(p)).toBeDefined();
  });
  it('a path written twice is refused', () => {
    expect(() => assertSafeOutputPaths(['a.json', 'b.json', 'a.json'])).toThrow(UnsafeOutputError);
  });
});

describe('output folders (outDirProblem)', () => {
  const cwd = '/work/project';
  const data = '/work/project/data';
  it.each([
    ['/', 'root'],
    ['/work', 'current'],
    ['/work/project', 'current'],
    ['/work/project/data', 'data folder'],
    ['/work/project/data/public', 'inside the data'],
  ])('%s is refused (%s)', (out, reason) => {
    expect(outDirProblem(out, data, cwd)).toContain(reason);
  });
  it.each(['/work/project/public', '/tmp/site', path.resolve('/work/project/public-2')])('%s is fine', (out) => {
    expect(outDirProblem(out, data, cwd)).toBeUndefined();
  });
});

describe('problems per file are capped (capProblems)', () => {
  const problem = (file: string, line: number): Problem => ({
    severity: 'error',
    file,
    line,
    col: 1,
    rule: 'unknown-field',
    field: '',
    message: 'm',
    hint: '',
  });
  it('keeps the first ones of each file and says how many more there are', () => {
    const many = [...Array.from({ length: 120 }, (_, i) => problem('a.yaml', i + 1)), problem('b.yaml', 1)];
    const capped = capProblems(many);
    expect(capped.filter((p) => p.file === 'a.yaml')).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(capped.find((p) => p.rule === 'too-many-problems')).toMatchObject({
      file: 'a.yaml',
      message: `${120 - MAX_PROBLEMS_PER_FILE} more problem(s) in this file are not shown`,
    });
    expect(capped.filter((p) => p.file === 'b.yaml')).toHaveLength(1);
    expect(capProblems(many.slice(0, 10))).toEqual(many.slice(0, 10));
  });
});

describe('every string the data schemas accept is bounded', () => {
  const BOUNDED_FORMATS = new Set(['date', 'utc-timestamp', 'iso-duration']);
  /** Every schema node that accepts a string, with its path in the schema. */
  function* stringSchemas(node: unknown, at: string): Generator<[string, Record<string, unknown>]> {
    if (!node || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(schema.type ?? []);
    if (types.includes('string')) yield [at, schema];
    for (const key of ['items', 'additionalProperties', 'propertyNames'])
      yield* stringSchemas(schema[key], `${at}/${key}`);
    for (const [name, child] of Object.entries((schema.properties as object | undefined) ?? {}))
      yield* stringSchemas(child, `${at}/${name}`);
    for (const [i, child] of ((schema.anyOf as unknown[] | undefined) ?? []).entries())
      yield* stringSchemas(child, `${at}/anyOf/${i}`);
  }

  it('by a maximum length, a fixed-width pattern or a bounded format', async () => {
    const { dataFileSchemas } = await import('../scripts/schemas/data-files.ts');
    const unbounded: string[] = [];
    let count = 0;
    for (const [file, schema] of Object.entries(dataFileSchemas())) {
      for (const [at, s] of stringSchemas(schema, file)) {
        count++;
        const fixedPattern = typeof s.pattern === 'string' && !/[+*]|\{\d+,\}/.test(s.pattern.replace(/\\./g, ''));
        if (
          typeof s.maxLength !== 'number' &&
          !fixedPattern &&
          !BOUNDED_FORMATS.has(String(s.format)) &&
          s.const === undefined &&
          s.enum === undefined
        )
          unbounded.push(at);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(unbounded).toEqual([]);
  });

  it('durations too (the iso-duration format), at 64 characters', () => {
    expect(isIsoDuration(`PT${'0'.repeat(100)}1H`)).toBe(false);
  });
});
