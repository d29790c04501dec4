// The documentation stays true to the tree: every `npm run X` it shows is a script
// of package.json, every file of the repository it names exists, and every link
// between the documents resolves. (The commands themselves are run by the tests of
// each command; this catches the docs drifting from them.)

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const scripts = Object.keys(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);
const text = (doc: string) => readFileSync(path.join(ROOT, doc), 'utf8');

describe('docs', () => {
  it('keep the README a front door: at most 16 KB, with docs/ beside it', () => {
    expect(Buffer.byteLength(text('README.md'))).toBeLessThanOrEqual(16 * 1024);
    expect(DOCS.filter((d) => d.startsWith('docs/')).length).toBeGreaterThan(3);
  });

  it.each(DOCS)('%s names only npm scripts that exist', (doc) => {
    const named = [...text(doc).matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it.each(DOCS)('%s names only files of the repository that exist', (doc) => {
    // Paths in backquotes under the folders we keep in the repository (not build output or caches);
    // launch and event files are examples of records to create.
    const named = [
      ...text(doc).matchAll(/`((?:scripts|test|data|docs|\.github)\/[\w./-]+\.(?:ts|mjs|md|yml|yaml|json))`/g),
    ].map((m) => m[1]);
    expect(
      named.filter(
        (file) => !file.includes('*') && !/^data\/(launches|events)\//.test(file) && !existsSync(path.join(ROOT, file)),
      ),
    ).toEqual([]);
  });

  it.each(DOCS)('%s links only to documents that exist', (doc) => {
    const links = [...text(doc).matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)]
      .map((m) => m[1])
      .filter((l) => !/^https?:/.test(l));
    expect(links.filter((link) => !existsSync(path.resolve(path.dirname(path.join(ROOT, doc)), link)))).toEqual([]);
  });
});
