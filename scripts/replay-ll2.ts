// npm run replay:ll2 -- --corpus DIR --data-dir OUT [--from ISO] [--to ISO]
// Replays LL2's saved history (../shared/ll2-replay/ format) through the real
// sync (docs/sync.md): OUT starts as this repository's reference data with no
// launches or events, plus the launches of the first observation; then, for each
// observation in time order, a loopback stand-in answers as LL2 did at that
// moment (replay.ts: the saved LL2 2.2.0 objects served as they are, which the
// importer upgrades with its own code), `npm run sync:ll2`'s code runs once with
// that moment as its clock (same budget, same state file), and the upcoming list a
// build at that clock would publish is compared with LL2's. One line per run and
// a summary line; exit code 0 when the targets hold, 1 when not.

import { cp, mkdir, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { runCli } from './lib/cli/cli.ts';
import { parseClock, parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { printableLine } from './lib/base/outside-text.ts';
import { loadDataDir } from './lib/data/load.ts';
import type { LoadResult } from './lib/data/files.ts';
import type { RecordCache } from './lib/data/record-cache.ts';
import { existingData } from './lib/import/io.ts';
import { parseLl2 } from './lib/import/parse.ts';
import { runImport } from './lib/import/run.ts';
import { SyncStopped } from './lib/import/sync/http.ts';
import { HOUR_MS, REQUEST_BUDGET, SYNC_HOURLY_CEILING } from './lib/import/sync/plan.ts';
import { answerAt, answerJson, indexCorpus, readReplayCorpus } from './lib/import/sync/replay.ts';
import { scoreRun, summaryLine, type ReplayTotals } from './lib/import/sync/replay-score.ts';
import { syncStateFile } from './lib/import/sync/state.ts';
import { syncLl2 } from './lib/import/sync/sync.ts';
import { replaceDataFiles } from './lib/import/sync/write.ts';
import type { Json, JsonObject, LaunchRecord } from './lib/model/records.ts';
import { precisionRanks } from './lib/model/stats.ts';
import { withBuildLock } from './lib/publish/writer.ts';
import { formatTimestamp, toMillis } from './lib/model/time.ts';

const REPOSITORY_DATA = path.resolve(import.meta.dirname, '..', 'data');

/** OUT as the repository's data folder without launches, events, their histories or sync state: the replay makes them. */
async function startFolder(out: string): Promise<void> {
  const existing = await readdir(out).catch(() => []);
  if (existing.length > 0)
    throw new UsageError(`--data-dir ${out} is not empty: the replay starts from a folder of its own`);
  await mkdir(out, { recursive: true });
  for (const name of await readdir(REPOSITORY_DATA)) {
    if (['launches', 'events', 'history', 'll2-sync.yaml'].includes(name)) continue;
    await cp(path.join(REPOSITORY_DATA, name), path.join(out, name), { recursive: true });
  }
}

/** The build's record cache, kept in memory for the replay's runs (record-cache.ts). */
function memoryRecordCache(): RecordCache {
  const entries = new Map<string, { hash: string; value: unknown; stamp?: string }>();
  return {
    get: (file, hash) => (entries.get(file)?.hash === hash ? entries.get(file)!.value : undefined),
    byStamp: (file, stamp) => {
      const entry = entries.get(file);
      return entry && entry.stamp === stamp ? { hash: entry.hash, value: entry.value } : undefined;
    },
    set: (file, hash, value, stamp) => {
      // A file written within two seconds may change again with the same stamp (record-cache.ts): no stamp for it.
      const mtimeMs = Number(stamp?.split(':')[1]);
      entries.set(file, {
        hash,
        value,
        stamp: Number.isFinite(mtimeMs) && Date.now() - mtimeMs > 2000 ? stamp : undefined,
      });
    },
    save: async () => {},
  };
}

const USAGE = `usage: npm run replay:ll2 -- --corpus DIR --data-dir OUT [--from ISO] [--to ISO]

Replays LL2's saved history through the real sync against a loopback stand-in (docs/sync.md, "Replaying LL2's history").
  --corpus DIR     the corpus (../shared/ll2-replay/ format)
  --data-dir OUT   an empty or new folder the replay's data goes to
  --from ISO       the first observation to replay (default the corpus's first)
  --to ISO         the last (default the corpus's last)
Exit code 0 when the targets hold, 1 when not.`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['corpus', 'data-dir', 'from', 'to'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags, positional } = parseFlags(argv);
  const usage = USAGE;
  if (positional.length > 0) throw new UsageError(`unexpected argument "${positional[0]}"\n\n${usage}`);
  const value = (name: string): string | undefined => {
    const v = flags.get(name);
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v;
  };
  const corpusDir = value('corpus');
  const outArg = value('data-dir');
  if (!corpusDir || !outArg) throw new UsageError(usage);
  const out = path.resolve(outArg);
  const from = value('from') === undefined ? -Infinity : parseClock(value('from'), Date.now);
  const to = value('to') === undefined ? Infinity : parseClock(value('to'), Date.now);
  const started = performance.now();

  const corpus = await readReplayCorpus(path.resolve(corpusDir));
  const observations = corpus.observations.filter((o) => toMillis(o.at) >= from && toMillis(o.at) <= to);
  if (observations.length === 0) throw new UsageError('no observation of the corpus lies between --from and --to');
  const index = indexCorpus({ ...corpus, observations });

  await startFolder(out);
  // The launches of the first observation, imported as `npm run import:ll2` would, and the feed's start there.
  const first = observations[0];
  const firstNow = toMillis(first.at);
  // One record cache for every load of the replay: each file is parsed and checked once while unchanged.
  const cache = memoryRecordCache();
  const remember = (files: LoadResult['files']) => {
    for (const f of files)
      if (f.hash && f.checked && f.checked.content.length === 0 && !f.checked.form)
        cache.set(f.path, f.hash, f.value, f.stamp);
  };
  const loaded = await loadDataDir(out, out, cache);
  remember(loaded.files);
  const page = {
    count: first.upcoming.length,
    next: null,
    previous: null,
    results: first.upcoming.map((i) => corpus.versions[i]),
  };
  const seeded = runImport(
    existingData(loaded),
    [{ source: 'first observation', ...parseLl2(page as unknown as Json, 'first observation') }],
    { now: firstNow },
  );
  await withBuildLock(out, () => replaceDataFiles(out, [...seeded.files, syncStateFile({ since: first.at, skip: 0 })]));

  // Our launches as a build would read them, kept in step with what each run writes.
  const records = new Map<string, LaunchRecord>();
  const reload = async () => {
    const all = await loadDataDir(out, out, cache);
    remember(all.files);
    records.clear();
    for (const f of all.files) if (f.kind === 'launch') records.set(f.path, f.value as LaunchRecord);
    return all;
  };
  const reference = await reload();
  const precisionFile = reference.files.find((f) => f.kind === 'reference' && f.name === 'net-precisions');
  const statusFile = reference.files.find((f) => f.kind === 'reference' && f.name === 'launch-statuses');
  const idsOf = (file: typeof precisionFile) =>
    new Map(Object.entries((file?.value ?? {}) as Record<string, JsonObject>).map(([k, v]) => [k, Number(v.id)]));
  const precisions = precisionRanks({
    netPrecisions: new Map(Object.entries((precisionFile?.value ?? {}) as Record<string, JsonObject>)) as never,
  });
  const statusIds = idsOf(statusFile);

  let clock = firstNow;
  let served: JsonObject[] = [];
  let requests = 0;
  // Detail pages (launches/{id}/) asked for this run: beyond the budget, a run may ask for nothing else.
  let details = 0;
  // Every run's requests as the stand-in counted them (stopped runs too), for the hour before a run beyond the budget.
  const perRun: Array<{ at: number; requests: number }> = [];
  const beyond = { runs: 0, requests: 0, hourMax: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests++;
    if (/\/launches\/[0-9a-f-]{36}\/$/.test(url.pathname)) details++;
    const answer = answerAt(index, url, clock);
    const results = Array.isArray(answer.body.results)
      ? (answer.body.results as JsonObject[])
      : answer.status === 200
        ? [answer.body]
        : [];
    if (results.length > 0 && url.pathname.includes('/launches')) served.push(...results);
    // No keep-alive: a socket idle across a slow run would be reset under the next request.
    res.writeHead(answer.status, { 'Content-Type': 'application/json', Connection: 'close' });
    res.end(answerJson(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/2.3.0/`;
  console.log(
    `replay of ${observations.length} LL2 observation(s) from ${first.at} to ${observations[observations.length - 1].at} into ${out}; stand-in at ${baseUrl} serves the saved LL2 2.2.0 objects as they are (the importer upgrades them)`,
  );

  const totals: ReplayTotals = {
    observations: observations.length,
    runs: 0,
    requestsMax: 0,
    requestsTotal: 0,
    matched30: 0,
    current: 0,
    listed: 0,
    lost: new Set(),
    stopped: 0,
    overBudget: 0,
  };
  let lastOurs: LaunchRecord[] = [];
  try {
    for (const [n, observation] of observations.entries()) {
      clock = toMillis(observation.at);
      const runStarted = performance.now();
      served = [];
      requests = 0;
      details = 0;
      let note = '';
      const refused = new Set<string>();
      const deleted = new Set<string>();
      try {
        const result = await syncLl2({
          dataDir: out,
          now: clock,
          baseUrl,
          fetch,
          timeoutMs: 30_000,
          userAgent: 'launch-schedule-service (npm run replay:ll2)',
          cache,
        });
        for (const r of result.refused) refused.add(`${r.id}@${r.lastUpdated}`);
        note = `${result.report.created.length} created, ${result.report.updated.length} updated, ${result.removed.length} deleted, ${result.refused.length} refused`;
        for (const file of result.files) {
          if (!file.path.startsWith('launches/')) continue;
          records.set(file.path, parseYaml(file.content) as LaunchRecord);
        }
        for (const removed of result.removed) {
          const id = records.get(removed)?.id;
          if (id) deleted.add(id);
          records.delete(removed);
        }
      } catch (error) {
        if (!(error instanceof SyncStopped)) throw error;
        totals.stopped++;
        note = `stopped: ${error.message.split('\n')[0]}`;
      }
      totals.runs++;
      const listed = observation.upcoming.map((i) => corpus.versions[i]);
      const score = scoreRun({
        records: [...records.values()],
        listed,
        served,
        refused,
        deleted,
        now: clock,
        precisions,
        statusIds,
      });
      lastOurs = score.ours;
      totals.requestsMax = Math.max(totals.requestsMax, requests);
      totals.requestsTotal += requests;
      perRun.push({ at: clock, requests });
      if (requests > REQUEST_BUDGET) {
        // Beyond the budget only detail pages after the first, and only while the sync's hour stays under its ceiling.
        const hour = perRun.filter((r) => r.at > clock - HOUR_MS).reduce((n, r) => n + r.requests, 0);
        beyond.runs++;
        beyond.requests += requests - REQUEST_BUDGET;
        beyond.hourMax = Math.max(beyond.hourMax, hour);
        if (requests - REQUEST_BUDGET > details - 1 || hour > SYNC_HOURLY_CEILING) totals.overBudget++;
      }
      if (score.match30) totals.matched30++;
      totals.current += score.current;
      totals.listed += listed.length;
      for (const lost of score.lost) totals.lost.add(lost);
      console.log(
        printableLine(
          `run ${n + 1} at ${formatTimestamp(clock)}: requests=${requests} ${note}; first 30 ${score.match30 ? 'match' : `differ (${score.firstDifference})`}; current ${score.current}/${listed.length}${score.lost.length ? `; lost ${score.lost.join(' ')}` : ''}; ${Math.round(performance.now() - runStarted)} ms`,
        ),
      );
    }
  } finally {
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }
  const lastListed = observations[observations.length - 1].upcoming.map((i) => corpus.versions[i]);
  const line = summaryLine(totals, lastOurs, lastListed, (performance.now() - started) / 1000);
  if (totals.stopped > 0) console.log(`${totals.stopped} run(s) stopped before writing (see above)`);
  if (beyond.runs > 0)
    console.log(
      `${beyond.requests} detail page(s) beyond the budget of ${REQUEST_BUDGET} in ${beyond.runs} run(s); the requests of the 60 minutes up to such a run: at most ${beyond.hourMax} (ceiling ${SYNC_HOURLY_CEILING})`,
    );
  if (totals.overBudget > 0)
    console.log(
      `${totals.overBudget} run(s) made more than the budget of ${REQUEST_BUDGET} requests other than detail pages, or more than ${SYNC_HOURLY_CEILING} in the hour up to them`,
    );
  console.log(line.text);
  return line.targetsMet && totals.overBudget === 0 ? 0 : 1;
});
