// The static hosts' documented limits, checked against a build's file list so the
// build can warn before a deploy would fail, and which tree each host gets (how
// it serves detail routes under a collection). Pure: files in, warnings out.

import type { CollectionDetails } from '../api/context.ts';
import type { OutputFile } from '../api/files.ts';
import { isTwin, TWIN_SUFFIXES } from './compress.ts';
import { HOST_FILES } from '../outputs/hosts.ts';

export interface HostLimit {
  /** The host as `--host` names it. */
  id: string;
  host: string;
  /**
   * How it serves detail routes under a collection: by the rewrites of the build's
   * adapter files, or by copies in the tree (`--host` picks the tree; docs/hosting.md).
   */
  collectionDetails: CollectionDetails;
  /** Most files in one deployment. */
  files?: number;
  /** Most bytes in one deployment. */
  bytes?: number;
  /** Largest single file. */
  fileBytes?: number;
  /** Most entries (files and folders) directly in one folder. */
  folderEntries?: number;
  /** Most `_redirects` rules without and with placeholders. */
  redirects?: { static: number; dynamic: number };
  /** Largest edge function code (the CloudFront function). */
  functionBytes?: number;
  /** Whether the host serves the .gz/.br twins (if not, they can be left out of the upload). */
  servesTwins: boolean;
  note?: string;
}

const MiB = 1024 * 1024;

/** As documented by each host (docs/hosting.md). */
export const HOST_LIMITS: readonly HostLimit[] = [
  {
    id: 'github-pages',
    host: 'GitHub Pages',
    collectionDetails: 'files',
    bytes: 1e9,
    servesTwins: false,
    note: 'published sites may be no larger than 1 GB',
  },
  {
    id: 'cloudflare-pages',
    host: 'Cloudflare Pages',
    collectionDetails: 'rewrites',
    files: 20_000,
    fileBytes: 25 * MiB,
    redirects: { static: 2_000, dynamic: 100 },
    servesTwins: false,
    note: '20,000 files on the Free plan, 100,000 on paid plans',
  },
  {
    id: 'netlify',
    host: 'Netlify',
    collectionDetails: 'rewrites',
    folderEntries: 54_000,
    fileBytes: 10e6,
    servesTwins: false,
    note: 'files over 10 MB are not well supported',
  },
  { id: 'nginx', host: 'nginx', collectionDetails: 'rewrites', servesTwins: true },
  {
    id: 'cloudfront',
    host: 'Amazon CloudFront',
    collectionDetails: 'files',
    functionBytes: 10 * 1024,
    servesTwins: false,
    note: 'CloudFront Functions hold at most 10 KB of code',
  },
];

/** The hosts that get the tree a build makes: those whose way of serving collection detail routes it follows. */
export const hostsOfTree = (
  collectionDetails: CollectionDetails = 'rewrites',
  limits: readonly HostLimit[] = HOST_LIMITS,
): HostLimit[] => limits.filter((limit) => limit.collectionDetails === collectionDetails);

/** Warn from this share of a limit on. */
export const WARN_AT = 0.8;

export interface TreeMeasure {
  files: number;
  bytes: number;
  largest: { path: string; bytes: number };
  fullest: { path: string; entries: number };
}

/**
 * A file of the tree by its size; the content is needed only for `_redirects`.
 * `twinSizes`: the sizes of its .gz and .br twins beside it, in TWIN_SUFFIXES order
 * (a built tree is measured from the publish manifest, which records them so).
 */
export type MeasuredFile =
  | OutputFile
  | { path: string; bytes: number; twinSizes?: readonly number[]; content?: string | Buffer };

const NO_TWINS: readonly number[] = [];

const size = (file: MeasuredFile): number =>
  'bytes' in file
    ? file.bytes
    : typeof file.content === 'string'
      ? Buffer.byteLength(file.content)
      : file.content.length;
const twinsOf = (file: MeasuredFile): readonly number[] | undefined =>
  'twinSizes' in file ? file.twinSizes : undefined;

/** Measures a tree file by file. */
class TreeMeasurer {
  // Entries per folder: each file counts in its folder, each folder once in its parent.
  private readonly entries = new Map<string, number>();
  private files = 0;
  private bytes = 0;
  private largest = { path: '', bytes: 0 };

  /** A file and its twins (whose paths are made only if one is the largest file). */
  add(path: string, bytes: number, twinSizes: readonly number[] = NO_TWINS): void {
    this.files += 1 + twinSizes.length;
    this.bytes += bytes;
    if (bytes > this.largest.bytes) this.largest = { path, bytes };
    for (let i = 0; i < twinSizes.length; i++) {
      this.bytes += twinSizes[i];
      if (twinSizes[i] > this.largest.bytes) this.largest = { path: `${path}${TWIN_SUFFIXES[i]}`, bytes: twinSizes[i] };
    }
    let folder = parentOf(path);
    let isNew = !this.entries.has(folder);
    this.count(folder, 1 + twinSizes.length);
    while (isNew && folder !== '') {
      folder = parentOf(folder);
      isNew = !this.entries.has(folder);
      this.count(folder, 1);
    }
  }

  private count(folder: string, entries: number): void {
    this.entries.set(folder, (this.entries.get(folder) ?? 0) + entries);
  }

  result(): TreeMeasure {
    let fullest = { path: '', entries: 0 };
    for (const [path, n] of this.entries) if (n > fullest.entries) fullest = { path, entries: n };
    return { files: this.files, bytes: this.bytes, largest: this.largest, fullest };
  }
}

const parentOf = (p: string): string => p.slice(0, Math.max(0, p.lastIndexOf('/')));

export function measureTree(files: readonly MeasuredFile[]): TreeMeasure {
  const measurer = new TreeMeasurer();
  for (const file of files) measurer.add(file.path, size(file), twinsOf(file));
  return measurer.result();
}

/** Rules in a `_redirects` file, split as Cloudflare counts them. */
export function countRedirects(text: string): { static: number; dynamic: number } {
  const sources = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(/\s+/)[0]);
  const dynamic = sources.filter((s) => s.includes(':') || s.includes('*')).length;
  return { static: sources.length - dynamic, dynamic };
}

// Not toLocaleString: loading its locale data costs more than the rest of the check.
const fmt = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const mb = (n: number): string =>
  n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} kB` : `${n} bytes`;

/** What host limits are checked against: the whole tree, the tree without the .gz/.br twins, the rules of `_redirects`, the CloudFront function's size. */
export interface HostMeasures {
  all: TreeMeasure;
  withoutTwins: TreeMeasure;
  redirects?: { static: number; dynamic: number };
  functionBytes?: number;
}

/** Measures the tree for the host limits, in one pass. */
export function measureForHosts(files: readonly MeasuredFile[]): HostMeasures {
  const [allMeasurer, leanMeasurer] = [new TreeMeasurer(), new TreeMeasurer()];
  let redirectsFile: MeasuredFile | undefined;
  let functionBytes: number | undefined;
  for (const file of files) {
    const bytes = size(file);
    allMeasurer.add(file.path, bytes, twinsOf(file));
    if (!isTwin(file.path)) leanMeasurer.add(file.path, bytes);
    if (file.path === HOST_FILES.redirects) redirectsFile = file;
    if (file.path === HOST_FILES.cloudFront) functionBytes = bytes;
  }
  return {
    all: allMeasurer.result(),
    withoutTwins: leanMeasurer.result(),
    redirects: redirectsFile ? countRedirects(String(redirectsFile.content)) : undefined,
    functionBytes,
  };
}

/** Warnings for every host limit a build reaches `WARN_AT` of, or passes. */
export function checkHostLimits(
  files: readonly MeasuredFile[],
  limits: readonly HostLimit[] = HOST_LIMITS,
  warnAt = WARN_AT,
): string[] {
  return hostLimitWarnings(measureForHosts(files), limits, warnAt);
}

export function hostLimitWarnings(
  { all, withoutTwins, redirects, functionBytes }: HostMeasures,
  limits: readonly HostLimit[] = HOST_LIMITS,
  warnAt = WARN_AT,
): string[] {
  const warnings: string[] = [];
  for (const limit of limits) {
    const check = (
      subject: string,
      value: number,
      max: number | undefined,
      shown: (n: number) => string,
      hint = '',
    ) => {
      if (max === undefined || value < max * warnAt) return;
      const state = value > max ? 'over' : `${Math.round((value / max) * 100)}% of`;
      warnings.push(
        `${limit.host}: ${subject}${shown(value)}, ${state} the limit of ${shown(max)}${limit.note ? ` (${limit.note})` : ''}${hint}`,
      );
    };
    const twinsHint = (value: number, lean: number, max: number | undefined, shown: (n: number) => string) =>
      !limit.servesTwins && max !== undefined && lean < value
        ? `; without the .gz/.br twins, which ${limit.host} does not need, ${shown(lean)}`
        : '';
    const files = (n: number) => `${fmt(n)} files`;
    check('', all.files, limit.files, files, twinsHint(all.files, withoutTwins.files, limit.files, files));
    check('total size ', all.bytes, limit.bytes, mb, twinsHint(all.bytes, withoutTwins.bytes, limit.bytes, mb));
    check(`largest file ${all.largest.path}: `, all.largest.bytes, limit.fileBytes, mb);
    check(`folder ${all.fullest.path || '.'}/: `, all.fullest.entries, limit.folderEntries, (n) => `${fmt(n)} entries`);
    if (redirects && limit.redirects) {
      check('_redirects: ', redirects.static, limit.redirects.static, (n) => `${fmt(n)} static rules`);
      check('_redirects: ', redirects.dynamic, limit.redirects.dynamic, (n) => `${fmt(n)} dynamic rules`);
    }
    if (functionBytes !== undefined) check(`${HOST_FILES.cloudFront}: `, functionBytes, limit.functionBytes, mb);
  }
  return warnings;
}
