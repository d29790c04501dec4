// Hostile data: each case turns a copy of the small fixture into a data folder
// that must be refused, with the rule the refusal must name. Every case is a
// record (or file, or folder entry) a pull request could add.

import { execFileSync } from 'node:child_process';
import { mkdir, open, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FIXTURE_DIR } from './data.ts';

export interface HostileCase {
  name: string;
  /** The file the problem must be about (or, for duplicates, mention), relative to the data folder ('' for the folder itself). */
  file: string;
  /** The rule that must be reported. */
  rule: string;
  /** Turns a fresh copy of the fixture into the hostile data folder; returns the folder to build from. */
  setup: (dataDir: string) => Promise<string | undefined> | Promise<void>;
  /** Also run through the command line (CLI_CASES: a subset, to keep the suite fast). */
  cli?: boolean;
}

const FIXTURE_LAUNCH = 'launches/crs-demo.yaml';
const LAUNCH_ID = '11111111-2222-4333-8444-555555555555';
const HOSTILE_ID = '11111111-2222-4333-8444-666666666666';
const FIXTURE_EVENT = 'events/fixture-docking.yaml';

let launchText: string | undefined;
let eventText: string | undefined;
async function fixtureText(file: string): Promise<string> {
  return readFile(path.join(FIXTURE_DIR, file), 'utf8');
}

/** A valid launch of its own (fresh id and slug), as canonical YAML text. */
export async function validLaunch(): Promise<string> {
  launchText ??= (await fixtureText(FIXTURE_LAUNCH))
    .replace(`id: ${LAUNCH_ID}`, `id: ${HOSTILE_ID}`)
    .replace(/^slug: .*$/m, 'slug: hostile-record');
  return launchText;
}

/** A valid event of its own (fresh id and slug). */
export async function validEvent(): Promise<string> {
  eventText ??= (await fixtureText(FIXTURE_EVENT))
    .replace('id: 901', 'id: 902')
    .replace(/^slug: .*$/m, 'slug: hostile-event');
  return eventText;
}

/** Replaces the top-level line `field: …` (which must exist). */
export function setField(text: string, field: string, value: string): string {
  const pattern = new RegExp(`^${field}: .*$`, 'm');
  if (!pattern.test(text)) throw new Error(`no field ${field}`);
  return text.replace(pattern, () => `${field}: ${value}`);
}

const HOSTILE_FILE = 'launches/2030/hostile-record.yaml';
const HOSTILE_EVENT = 'events/2030/hostile-event.yaml';

async function put(dataDir: string, file: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(dataDir, file)), { recursive: true });
  await writeFile(path.join(dataDir, file), content);
}

/** A case that adds one launch file made from the valid launch. */
const launchCase = (name: string, rule: string, make: (valid: string) => string | Buffer): HostileCase => ({
  name,
  rule,
  file: HOSTILE_FILE,
  setup: async (dir) => put(dir, HOSTILE_FILE, make(await validLaunch())),
});

const eventCase = (name: string, rule: string, make: (valid: string) => string): HostileCase => ({
  name,
  rule,
  file: HOSTILE_EVENT,
  setup: async (dir) => put(dir, HOSTILE_EVENT, make(await validEvent())),
});

/** A case that appends to (or rewrites) one reference file of the fixture. */
const referenceCase = (name: string, rule: string, file: string, change: (text: string) => string): HostileCase => ({
  name,
  rule,
  file: `reference/${file}`,
  setup: async (dir) =>
    writeFile(path.join(dir, 'reference', file), change(await readFile(path.join(dir, 'reference', file), 'utf8'))),
});

function billionLaughs(): string {
  let text = 'id: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  let previous = 'a';
  for (const name of 'bcdefghi') {
    text += `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]\n`;
    previous = name;
  }
  return text;
}

const nested = (levels: number): string => `${'{b: '.repeat(levels)}1${'}'.repeat(levels)}`;
const withStage = (valid: string, stage: string): string =>
  valid.replace(
    'rocket:\n  configuration: falcon-9-block-5\n',
    `rocket:\n  configuration: falcon-9-block-5\n  launcher_stage:\n    - ${stage}\n`,
  );

const CASES: HostileCase[] = [
  // Resource exhaustion
  launchCase('YAML alias expansion bomb (billion laughs)', 'yaml-aliases', () => billionLaughs()),
  launchCase('a file above the size limit', 'file-too-large', (v) => `${v}weather_concerns: ${'x'.repeat(300_000)}\n`),
  {
    name: 'a 3 GB sparse file (refused without being read)',
    rule: 'file-too-large',
    file: HOSTILE_FILE,
    setup: async (dir) => {
      await put(dir, HOSTILE_FILE, '');
      const handle = await open(path.join(dir, HOSTILE_FILE), 'r+');
      await handle.truncate(3 * 1024 ** 3);
      await handle.close();
    },
  },
  launchCase('100,000 unclosed [ (parser stack)', 'too-deep', () => '['.repeat(100_000)),
  launchCase('100,000 nested block sequences', 'too-deep', () => `${'- '.repeat(100_000)}x\n`),
  launchCase('nesting deeper than 24 levels inside a record', 'too-deep', (v) => withStage(v, `a: ${nested(30)}`)),
  launchCase(
    '20,000 unknown keys (report capped, quickly)',
    'too-many-problems',
    (v) => v + Array.from({ length: 20_000 }, (_, i) => `k${i}: 1\n`).join(''),
  ),
  // Keys
  launchCase('a duplicate key', 'duplicate-key', (v) => `${v}pad: slc-40\n`),
  launchCase('keys 1 and "1" in one mapping', 'duplicate-key', (v) => withStage(v, '{1: a, "1": b}')),
  launchCase('a __proto__ key', 'forbidden-key', (v) => `${v}__proto__:\n  polluted: true\n`),
  launchCase('a constructor/prototype key in a free-form object', 'forbidden-key', (v) =>
    withStage(v, '{constructor: {prototype: {polluted: true}}}'),
  ),
  launchCase('an alias as a key (resolving to __proto__)', 'complex-key', (v) =>
    withStage(v, '{x: &k __proto__, *k : 1}'),
  ),
  launchCase('a list as a key', 'complex-key', (v) => `${v}? [a, b]\n: 1\n`),
  referenceCase(
    'a reference record keyed constructor',
    'forbidden-key',
    'agencies.yaml',
    (t) => `${t}constructor:\n  id: 999\n  name: X\n  abbrev: X\n  type: commercial\n`,
  ),
  referenceCase(
    'a reference record keyed "__proto__"',
    'forbidden-key',
    'pads.yaml',
    (t) => `${t}"__proto__":\n  id: 999\n  name: X\n  location: baikonur\n  country: kaz\n`,
  ),
  // Encoding and characters
  launchCase('invalid UTF-8', 'invalid-utf8', (v) =>
    Buffer.concat([Buffer.from(v), Buffer.from([0xff, 0xfe, 0x80, 0x0a])]),
  ),
  launchCase('a UTF-8 byte-order mark', 'byte-order-mark', (v) =>
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(v)]),
  ),
  launchCase('a UTF-16 file', 'invalid-utf8', (v) => Buffer.from(`\ufeff${v}`, 'utf16le')),
  launchCase('a NUL character in a name', 'unsafe-character', (v) => setField(v, 'name', '"Falcon 9 \\0 | X"')),
  launchCase('terminal escape sequences in a name', 'unsafe-character', (v) =>
    setField(v, 'name', '"\\e[2J\\e[31mFalcon 9 | X"'),
  ),
  launchCase('a right-to-left override in a name', 'unsafe-character', (v) =>
    setField(v, 'name', '"Falcon \\u202Egnp.exe | X"'),
  ),
  launchCase('a line separator (U+2028) in a name', 'unsafe-character', (v) =>
    setField(v, 'name', '"Falcon 9\\u2028| X"'),
  ),
  launchCase('a lone surrogate in a name', 'unsafe-character', (v) => setField(v, 'name', '"Falcon 9 \\ud800 | X"')),
  launchCase('a control character in a key', 'unsafe-character', (v) => withStage(v, '{"a\\x07b": 1}')),
  // Timestamps and dates
  launchCase('a timestamp without a zone', 'bad-timestamp', (v) => setField(v, 'net', '2030-03-01T12:00:00')),
  launchCase('a timestamp with a non-UTC offset', 'bad-timestamp', (v) =>
    setField(v, 'net', '2030-03-01T12:00:00+02:00'),
  ),
  launchCase('a date without a time', 'bad-timestamp', (v) => setField(v, 'net', '2030-03-01')),
  launchCase('an impossible date (30 February)', 'bad-timestamp', (v) => setField(v, 'net', '2030-02-30T12:00:00Z')),
  launchCase('an impossible time (24:00:00)', 'bad-timestamp', (v) =>
    setField(v, 'window_end', '2030-03-01T24:00:00Z'),
  ),
  launchCase('a leap second', 'bad-timestamp', (v) => setField(v, 'last_updated', '2029-12-31T23:59:60Z')),
  launchCase('a message-injecting timestamp', 'bad-timestamp', (v) => setField(v, 'net', '"2030\\n::error::injected"')),
  eventCase('a duration of 10^20 hours', 'schema-format', (v) =>
    v.replace('location:', 'duration: PT99999999999999999999H\nlocation:'),
  ),
  // Ids, slugs and keys that could escape the output folder or break a URL
  launchCase('a launch id with ../', 'bad-key', (v) => setField(v, 'id', '../../../etc/passwd')),
  launchCase('a percent-encoded launch id', 'bad-key', (v) => setField(v, 'id', '"%2e%2e%2f%2e%2e%2f"')),
  launchCase('an upper-case UUID', 'bad-key', (v) => setField(v, 'id', 'ABCDEF12-2222-4333-8444-666666666666')),
  launchCase('a slug with /', 'bad-key', (v) => setField(v, 'slug', 'a/b')),
  launchCase('a slug with a backslash', 'bad-key', (v) => setField(v, 'slug', '"a\\\\b"')),
  launchCase('a slug of ..', 'bad-key', (v) => setField(v, 'slug', '..')),
  launchCase('a non-ASCII slug', 'bad-key', (v) => setField(v, 'slug', 'falcon-9-straße')),
  eventCase('an event id that is a path', 'wrong-type', (v) => setField(v, 'id', '"../901"')),
  eventCase('an event id above 2^31 - 1', 'schema-maximum', (v) => setField(v, 'id', '99999999999999')),
  eventCase('an event id of 0', 'schema-minimum', (v) => setField(v, 'id', '0')),
  eventCase('a fractional event id', 'wrong-type', (v) => setField(v, 'id', '1.5')),
  referenceCase(
    'a reference key with ..',
    'bad-key',
    'pads.yaml',
    (t) => `${t}../evil:\n  id: 998\n  name: X\n  location: baikonur\n  country: kaz\n`,
  ),
  // Sizes, fields and types
  launchCase('a name longer than its limit', 'too-long', (v) => setField(v, 'name', 'x'.repeat(5000))),
  eventCase('a description longer than its limit', 'too-long', (v) => setField(v, 'description', 'x'.repeat(3000))),
  launchCase('an unknown field', 'unknown-field', (v) => `${v}probabilty: 80\n`),
  launchCase('a wrong type', 'wrong-type', (v) => `${v}webcast_live: maybe\n`),
  launchCase('a number that is not finite', 'wrong-type', (v) => setField(v, 'status', 'go\nprobability: .inf')),
  launchCase('a missing required field', 'missing-field', (v) => v.replace(/^status: .*\n/m, '')),
  launchCase('a javascript: URL', 'bad-url', (v) => v.replace('https://example.org/fixture', 'javascript:alert(1)')),
  launchCase('a data: URL', 'bad-url', (v) =>
    v.replace('https://example.org/fixture', '"data:text/html,<script>alert(1)</script>"'),
  ),
  launchCase('a YAML !!binary tag', 'yaml-tag', (v) => setField(v, 'name', '!!binary aGVsbG8=')),
  launchCase('a custom YAML tag', 'yaml-tag', (v) => setField(v, 'name', '!js/function "function () {}"')),
  launchCase('a merge key', 'unknown-field', (v) => `${v}x: &x {pad: slc-40}\n<<: *x\n`),
  // Whole-file shapes
  launchCase('a top-level list', 'wrong-type', () => '- a\n- b\n'),
  launchCase('a top-level scalar', 'wrong-type', () => 'hello\n'),
  launchCase('an empty file', 'wrong-type', () => ''),
  launchCase('a file holding only a comment', 'wrong-type', () => '# nothing here\n'),
  launchCase('two YAML documents in one file', 'yaml-syntax', (v) => `${v}---\n${v}`),
  referenceCase('a reference file whose top level is a list', 'wrong-type', 'orbits.yaml', () => '- leo\n'),
  // References
  launchCase('a dangling reference', 'unknown-reference', (v) => setField(v, 'pad', 'nowhere')),
  eventCase('an event referring to a launch that does not exist', 'unknown-reference', (v) =>
    v.replace(LAUNCH_ID, '11111111-2222-4333-8444-000000000000'),
  ),
  referenceCase('a cycle of launcher families', 'reference-cycle', 'launcher-families.yaml', (t) =>
    t.replace('  name: Falcon\n', '  name: Falcon\n  parent: falcon-9\n'),
  ),
  referenceCase(
    'a launcher family that is its own parent',
    'reference-cycle',
    'launcher-families.yaml',
    (t) => `${t}  parent: sputnik\n`,
  ),
  launchCase('a duplicate launch id', 'duplicate-id', (v) => setField(v, 'id', LAUNCH_ID)),
  launchCase('a launch flown in the future', 'flown-in-future', (v) => setField(v, 'status', 'success')),
  // Folder entries
  {
    name: 'a symbolic link to a file outside the data',
    rule: 'symlink',
    file: 'launches/2030/evil.yaml',
    setup: async (dir) => {
      await mkdir(path.join(dir, 'launches/2030'), { recursive: true });
      await symlink('/etc/passwd', path.join(dir, 'launches/2030/evil.yaml'));
    },
  },
  {
    name: 'a symbolic link to a folder',
    rule: 'symlink',
    file: 'launches/etc',
    setup: async (dir) => symlink('/etc', path.join(dir, 'launches/etc')),
  },
  {
    name: 'a FIFO (would block a reader)',
    rule: 'not-a-file',
    file: 'launches/fifo.yaml',
    setup: async (dir) => void execFileSync('mkfifo', [path.join(dir, 'launches/fifo.yaml')]),
  },
  {
    name: 'a record at the data folder root',
    rule: 'unexpected-file',
    file: 'hostile.yaml',
    setup: async (dir) => put(dir, 'hostile.yaml', await validLaunch()),
  },
  {
    name: 'a record with another extension',
    rule: 'unexpected-file',
    file: 'launches/2030/hostile.json',
    setup: async (dir) => put(dir, 'launches/2030/hostile.json', '{}'),
  },
  {
    name: 'a folder inside reference/',
    rule: 'unexpected-file',
    file: 'reference/extra',
    setup: async (dir) => put(dir, 'reference/extra/agencies.yaml', 'x: 1\n'),
  },
  {
    name: 'a file name with spaces and non-ASCII',
    rule: 'bad-file-name',
    file: 'launches/2030/\\u00e9vil launch.yaml',
    setup: async (dir) => put(dir, 'launches/2030/évil launch.yaml', await validLaunch()),
  },
  {
    name: 'a hidden file',
    rule: 'bad-file-name',
    file: 'launches/.hostile.yaml',
    setup: async (dir) => put(dir, 'launches/.hostile.yaml', await validLaunch()),
  },
  {
    name: 'a file name with a new line and a workflow command',
    rule: 'bad-file-name',
    file: 'launches/a\\n::error::injected.yaml',
    setup: async (dir) => put(dir, 'launches/a\n::error::injected.yaml', await validLaunch()),
  },
  {
    name: 'an unknown reference file',
    rule: 'unknown-reference-file',
    file: 'reference/evil.yaml',
    setup: async (dir) => put(dir, 'reference/evil.yaml', 'x:\n  id: 1\n'),
  },
  {
    name: 'a data folder that does not exist',
    rule: 'no-data-folder',
    file: '',
    setup: async (dir) => {
      await rm(dir, { recursive: true, force: true });
      return dir;
    },
  },
  {
    name: 'a data folder that is a file',
    rule: 'no-data-folder',
    file: '',
    setup: async (dir) => {
      await rm(dir, { recursive: true, force: true });
      await writeFile(dir, 'id: 1\n');
      return dir;
    },
  },
  {
    name: 'a second copy of an existing record in another year folder',
    rule: 'duplicate-slug',
    file: 'launches/2031/copy.yaml',
    setup: async (dir) =>
      put(dir, 'launches/2031/copy.yaml', (await fixtureText(FIXTURE_LAUNCH)).replace(LAUNCH_ID, HOSTILE_ID)),
  },
];

/** The cases also run through the command line: one or two of each kind (each costs a process, about a second). */
const CLI_CASES = [
  'YAML alias expansion bomb',
  'a 3 GB sparse file',
  '100,000 unclosed [',
  '20,000 unknown keys',
  'a __proto__ key',
  'an alias as a key',
  'a reference record keyed constructor',
  'invalid UTF-8',
  'a right-to-left override',
  'a timestamp with a non-UTC offset',
  'a message-injecting timestamp',
  'a launch id with ../',
  'a symbolic link to a file outside',
  'a FIFO',
  'a file name with a new line',
  'a data folder that does not exist',
];

export const HOSTILE_CASES: HostileCase[] = CASES.map((c) => ({
  ...c,
  cli: CLI_CASES.some((prefix) => c.name.startsWith(prefix)),
}));
