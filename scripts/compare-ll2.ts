// npm run compare:ll2 -- --out OUT [--min 95] [--all] [--core] FILE...
// For every launch and event in the LL2 files, the share of its leaf fields that
// the built API (in OUT) publishes with the same value: normal and list mode
// against the collection pages, detailed mode against the detail resource.
// The eight *_launch_attempt_count* fields are left out, and so are links into
// LL2's API (each object's `url`: ours name our own files). Exits 1 below --min.
// --core: per launch, whether name, NET, status, provider, pad and configuration
// are LL2's (the launch is "reproduced"), and the share of launches reproduced;
// exits 1 when that share is below --min. LL2 2.2.0 files work too.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { API_VERSION } from './lib/api/paths.ts';
import { runCli } from './lib/cli/cli.ts';
import { compareLeaves, coreDifferences, percent } from './lib/import/compare.ts';
import { readLl2Files } from './lib/import/io.ts';
import type { Ll2Item } from './lib/import/parse.ts';
import type { Json, JsonObject } from './lib/model/records.ts';
import { asksForHelp, parseFlags, UsageError } from './lib/cli/options.ts';

async function readJson(file: string): Promise<Json | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Json;
  } catch {
    return undefined;
  }
}

/** A value for a diff line: long text is cut in the middle, where such texts usually differ least. */
function show(value: Json): string {
  const text = JSON.stringify(value);
  return text.length <= 120 ? text : `${text.slice(0, 80)}…${text.slice(-30)} (${text.length} chars)`;
}

/** Every object of a paged collection (`launches/`, `launches/page/2/`, …), by id. */
async function collection(root: string, name: string): Promise<Map<string, JsonObject>> {
  const pages = await fg([`${name}/index.json`, `${name}/page/*/index.json`], { cwd: root });
  const byId = new Map<string, JsonObject>();
  for (const page of pages.sort()) {
    const body = (await readJson(path.join(root, page))) as { results?: JsonObject[] } | undefined;
    for (const item of body?.results ?? []) byId.set(String(item.id), item);
  }
  return byId;
}

const USAGE = `usage: npm run compare:ll2 -- --out OUT [--min 95] [--all] [--core] FILE...

For every launch and event in the LL2 files, the share of its leaf fields that the
build in OUT publishes with the same value; exits 1 below --min percent.
  --all    every difference (by default the first 25 of each object)
  --core   per launch, whether name, NET, status, provider, pad and configuration are LL2's`;

await runCli(async () => {
  if (asksForHelp(process.argv.slice(2))) {
    console.log(USAGE);
    return 0;
  }
  const { flags, positional } = parseFlags(process.argv.slice(2));
  // `--all FILE` and `--core FILE` are read as flags with a value; give the file back.
  for (const name of ['all', 'core']) {
    const value = flags.get(name);
    if (typeof value === 'string') positional.unshift(value);
  }
  const out = flags.get('out');
  if (typeof out !== 'string' || positional.length === 0) throw new UsageError(USAGE);
  const min = Number(flags.get('min') ?? 95);
  const root = path.resolve(out, API_VERSION);
  const pages = { launch: await collection(root, 'launches'), event: await collection(root, 'events') };

  const inputs = await readLl2Files(positional);
  if (flags.has('core')) {
    let launches = 0;
    let reproduced = 0;
    for (const input of inputs) {
      for (const problem of input.problems) console.error(`problem: ${problem}`);
      for (const item of input.items) {
        if (item.kind !== 'launch') continue;
        launches++;
        const id = String(item.value.id).toLowerCase();
        const diffs = coreDifferences(item.value, await readJson(path.join(root, 'launches', id, 'index.json')));
        if (diffs.length === 0) reproduced++;
        else
          console.log(
            `differs  ${String(item.value.name)} (${id}): ${diffs.map((d) => `${d.path} LL2 ${show(d.expected)} ≠ ours ${d.actual === undefined ? '(missing)' : show(d.actual)}`).join('; ')}`,
          );
      }
    }
    const share = launches === 0 ? 100 : (100 * reproduced) / launches;
    console.log(
      `reproduced: ${reproduced} of ${launches} launches (${share.toFixed(1)}%): name, NET, status, provider, pad and configuration as LL2's`,
    );
    return share < min ? 1 : 0;
  }
  let below = 0;
  let total = 0;
  let equal = 0;
  for (const input of inputs) {
    for (const problem of input.problems) console.error(`problem: ${problem}`);
    for (const item of input.items as Ll2Item[]) {
      if (item.kind === 'reference') continue;
      const id = String(item.value.id);
      const ours =
        item.mode === 'detailed'
          ? await readJson(path.join(root, item.kind === 'launch' ? 'launches' : 'events', id, 'index.json'))
          : pages[item.kind].get(id);
      const fidelity = compareLeaves(item.value, ours);
      total += fidelity.total;
      equal += fidelity.equal;
      const share = percent(fidelity);
      if (share < min) below++;
      const name = typeof item.value.name === 'string' ? item.value.name : id;
      console.log(
        `${share.toFixed(1).padStart(5)}%  ${item.kind} ${item.mode.padEnd(8)} ${name} (${id}): ${fidelity.equal}/${fidelity.total} leaves equal${ours === undefined ? ' — NOT FOUND in the build' : ''}`,
      );
      const shown = flags.has('all') ? fidelity.diffs : fidelity.diffs.slice(0, 25);
      for (const diff of shown) {
        console.log(
          `         ${diff.path}: LL2 ${show(diff.expected)} ≠ ours ${diff.actual === undefined ? '(missing)' : show(diff.actual)}`,
        );
      }
      if (shown.length < fidelity.diffs.length)
        console.log(`         … ${fidelity.diffs.length - shown.length} more (--all shows every one)`);
    }
  }
  console.log(
    `overall: ${total === 0 ? '100.0' : ((100 * equal) / total).toFixed(1)}% of ${total} leaves equal; ${below} object(s) below ${min}%`,
  );
  return below > 0 ? 1 : 0;
});
