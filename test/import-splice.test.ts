// A reference file updated entry by entry (import/splice.ts) is byte for byte
// what rewriting the whole file with updateYaml gives: on small files with
// comments, blank lines and ids of ours, and on every reference file of the
// repository's data with records changed, removed and added.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../scripts/lib/model/records.ts';
import { loadDataDir } from '../scripts/lib/data/load.ts';
import { spliceKeyedYaml } from '../scripts/lib/import/splice.ts';
import { verifyImport } from '../scripts/lib/import/verify.ts';
import { removeDir, tempDir } from './helpers/data.ts';
import { canonicalReference, referenceFileSchema, updateYaml } from '../scripts/lib/import/yaml-out.ts';
import { REFERENCE_FILES, type FileReferenceKind } from '../scripts/schemas/data-files.ts';

const REFERENCE = fileURLToPath(new URL('../data/reference/', import.meta.url));
const KIND_BY_FILE = new Map(Object.entries(REFERENCE_FILES).map(([kind, file]) => [file, kind as FileReferenceKind]));
const OURS = " id assigned by this project; LL2's id not known";

/** The whole-file rewrite (run.ts's way before) and the splice, for the same change. */
function both(
  kind: FileReferenceKind,
  text: string,
  after: Map<string, JsonObject>,
  comments = new Map<string, string>(),
  stale = new Map<string, string>(),
) {
  const doc = parseDocument(text, { uniqueKeys: false, schema: 'core' });
  const records = doc.toJS() as Record<string, JsonObject>;
  const canonical = (entries: Iterable<[string, JsonObject]>) =>
    new Map([...entries].map(([k, r]) => [k, canonicalReference(kind, r)]));
  const before = canonical(Object.entries(records));
  const afterCanonical = canonical(after);
  const whole = updateYaml(
    doc,
    Object.fromEntries(before),
    Object.fromEntries(afterCanonical),
    referenceFileSchema(kind),
    comments,
    stale,
  );
  const changed = [...new Set([...before.keys(), ...afterCanonical.keys()])];
  const spliced = spliceKeyedYaml(text, changed, before, afterCanonical, referenceFileSchema(kind), comments, stale);
  return { whole, spliced };
}

const STATUSES = [
  `# id assigned by this project; LL2's id not known`,
  'active:',
  '  id: 90001',
  '  name: Active',
  `# id assigned by this project; LL2's id not known`,
  'expended:',
  '  id: 90002',
  '  name: Expended',
  '',
  '# a note of ours',
  'lost:',
  '  id: 90003',
  '  name: Lost',
  'retired:',
  '  id: 4',
  '  name: Retired',
  '',
].join('\n');

describe('a reference file updated entry by entry', () => {
  it('keeps every other entry, comments and blank lines as they are, and writes the changed one as a whole rewrite would', () => {
    const records = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    records.set('lost', { id: 3, name: 'Lost at sea' });
    const { whole, spliced } = both('launcherStatuses', STATUSES, records);
    expect(spliced?.content).toBe(whole);
    expect(spliced?.content).toContain('# a note of ours\nlost:\n  id: 3\n  name: Lost at sea\n');
    expect(spliced?.entries).toEqual(new Map([['lost', '\n# a note of ours\nlost:\n  id: 3\n  name: Lost at sea\n']]));
    expect(spliced?.keys).toEqual(['active', 'expended', 'lost', 'retired']);
  });

  it("removes a comment that no longer holds (an id of ours that became LL2's) only where told", () => {
    const records = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    records.set('expended', { id: 2, name: 'Expended' });
    const { whole, spliced } = both('launcherStatuses', STATUSES, records, new Map(), new Map([['expended', OURS]]));
    expect(spliced?.content).toBe(whole);
    expect(spliced?.content).not.toContain(`${OURS}\nexpended`);
    expect(spliced?.content.startsWith(`#${OURS}\nactive:`)).toBe(true);
  });

  it('adds entries where a whole rewrite puts them (sorted file: in order; with their comment) and removes entries with their comments', () => {
    const records = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    records.delete('lost');
    records.set('unknown', { id: 90004, name: 'Unknown' });
    records.set('in-use', { id: 90005, name: 'In use' });
    const comments = new Map([
      ['in-use', OURS],
      ['unknown', OURS],
    ]);
    const { whole, spliced } = both('launcherStatuses', STATUSES, records, comments);
    expect(spliced?.content).toBe(whole);
    expect(spliced?.keys).toEqual(['active', 'expended', 'in-use', 'retired', 'unknown']);
    expect(spliced?.content).not.toContain('a note of ours');
  });

  it("leaves to a whole rewrite what it cannot place: the first entry (the document's comment), a key before it, a trailing comment", () => {
    const records = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    const first = new Map(records).set('active', { id: 1, name: 'Active' });
    expect(both('launcherStatuses', STATUSES, first).spliced).toBeUndefined();
    const before = new Map(records).set('aaa', { id: 90009, name: 'A' });
    expect(both('launcherStatuses', STATUSES, before).spliced).toBeUndefined();
    const trailing = `${STATUSES}# the end\n`;
    expect(
      both('launcherStatuses', trailing, new Map(records).set('lost', { id: 3, name: 'Lost' })).spliced,
    ).toBeUndefined();
  });

  // The repository's reference files with comments above keys, and the largest ones the sync rewrites (updates,
  // landings), changed in three ways at several places, removed from and added to. (All of them: some 10 s more.)
  const SAMPLE = new Set([
    'agencies.yaml',
    'countries.yaml',
    'launcher-families.yaml',
    'launcher-statuses.yaml',
    'landings.yaml',
    'updates.yaml',
  ]);
  const files = readdirSync(REFERENCE)
    .filter((f) => SAMPLE.has(f) && KIND_BY_FILE.has(f.replace(/\.yaml$/, '')))
    .sort();
  it.each(files)('%s: the splice is byte for byte the whole rewrite', (file) => {
    const kind = KIND_BY_FILE.get(file.replace(/\.yaml$/, ''))!;
    const text = readFileSync(path.join(REFERENCE, file), 'utf8');
    const entries = Object.entries(parseDocument(text).toJS() as Record<string, JsonObject>);
    if (entries.length < 4) return;
    const records = new Map(entries);
    const keys = [...records.keys()];
    const at = (share: number) => keys[Math.max(1, Math.floor(keys.length * share))];
    const renamed = records.get(at(0.3))!;
    records.set(at(0.3), { ...renamed, name: `${String(renamed.name ?? 'x')} (changed)` });
    const { provenance: _p, ...withoutProvenance } = records.get(at(0.5))!;
    records.set(
      at(0.5),
      Object.keys(withoutProvenance).length === Object.keys(records.get(at(0.5))!).length
        ? { ...withoutProvenance, id: 12345678 }
        : withoutProvenance,
    );
    records.set(at(0.7), records.get(at(0.1))!);
    records.set(keys[keys.length - 1], { ...records.get(keys[keys.length - 1])!, id: 87654321 });
    records.delete(at(0.8));
    records.set(`${at(0.6)}-zz`, { ...records.get(at(0.2))!, id: 90077 });
    records.set('zzzz-added', { ...records.get(at(0.2))!, id: 90078 });
    const { whole, spliced } = both(kind, text, records, new Map([[`${at(0.6)}-zz`, OURS]]));
    expect(spliced).toBeDefined();
    expect(spliced!.content).toBe(whole);
    // The entries written: every key whose value the edits changed or added (a small file's edits may land on the
    // same key, so the count is the edits' union, not their number; deleted keys are not written).
    const before = new Map(entries);
    const written = [...records].filter(([key, value]) => JSON.stringify(before.get(key)) !== JSON.stringify(value));
    expect(written.length).toBeGreaterThanOrEqual(4);
    expect(spliced!.entries.size).toBe(written.length);
  });
});

describe('checking a file updated entry by entry', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await tempDir('lss-splice-');
    mkdirSync(path.join(dataDir, 'reference'));
    writeFileSync(path.join(dataDir, 'reference/launcher-statuses.yaml'), STATUSES);
  });
  afterEach(async () => removeDir(dataDir));

  const spliceOf = (records: Map<string, JsonObject>) => {
    const before = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    const spliced = spliceKeyedYaml(
      STATUSES,
      [...new Set([...before.keys(), ...records.keys()])],
      before,
      records,
      referenceFileSchema('launcherStatuses'),
    )!;
    return {
      path: 'reference/launcher-statuses.yaml',
      content: spliced.content,
      entries: { keys: spliced.keys, written: spliced.entries },
    };
  };

  it('checks only the entries written, and gives the value a parse of the whole file gives', async () => {
    const loaded = await loadDataDir(dataDir, dataDir);
    const records = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    records.set('lost', { id: 3, name: 'Lost at sea' });
    records.set('unknown', { id: 90004, name: 'Unknown' });
    const file = spliceOf(records);
    const spliced = verifyImport(loaded, [file], 0);
    const whole = verifyImport(loaded, [{ path: file.path, content: file.content }], 0);
    expect(spliced.newErrors).toEqual([]);
    expect(whole.newErrors).toEqual([]);
    expect(spliced.parsed[0].value).toEqual(whole.parsed[0].value);
    expect(Object.keys(spliced.parsed[0].value as object)).toEqual([
      'active',
      'expended',
      'lost',
      'retired',
      'unknown',
    ]);
    expect(spliced.parsed[0].checked).toEqual({ content: [] });
  });

  it('reports an entry written that fails its checks at its line in the whole file, as a whole check would', async () => {
    const loaded = await loadDataDir(dataDir, dataDir);
    const records = new Map(Object.entries(parseDocument(STATUSES).toJS() as Record<string, JsonObject>));
    records.set('retired', { id: 4, name: 'Retired', colour: 'grey' } as JsonObject);
    const file = spliceOf(records);
    const spliced = verifyImport(loaded, [file], 0);
    const whole = verifyImport(loaded, [{ path: file.path, content: file.content }], 0);
    expect(spliced.newErrors.length).toBeGreaterThan(0);
    expect(spliced.newErrors).toEqual(whole.newErrors);
    expect(spliced.newErrors[0]).toMatchObject({ file: 'reference/launcher-statuses.yaml' });
    expect(spliced.newErrors[0].line).toBeGreaterThanOrEqual(14); // `retired:` is line 14 of the file
  });
});
