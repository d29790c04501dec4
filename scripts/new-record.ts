// npm run new:launch [-- --name "Rocket | Mission" --net ISO]
// npm run new:event  [-- --name "..." --date ISO]
// Writes a new record with a fresh id and every required field, ready to fill.

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eventSchema, launchSchema } from './schemas/data-files.ts';
import { recordToYaml } from './lib/data/canonical.ts';
import { runCli } from './lib/cli/cli.ts';
import { loadDataDir } from './lib/data/load.ts';
import { buildOptions, parseFlags, UsageError } from './lib/cli/options.ts';
import { eventTemplate, launchTemplate, recordPath } from './lib/data/scaffold.ts';
import { isUtcTimestamp, TIMESTAMP_HINT } from './lib/model/time.ts';

await runCli(async () => {
  const [kind, ...rest] = process.argv.slice(2);
  if (kind !== 'launch' && kind !== 'event') throw new UsageError('usage: new-record.ts launch|event [--name NAME] [--net|--date ISO]');
  const { flags } = parseFlags(rest);
  const text = (flag: string) => (typeof flags.get(flag) === 'string' ? (flags.get(flag) as string) : undefined);
  const options = buildOptions(rest.filter((a, i) => !['--name', '--net', '--date'].includes(a) && !['--name', '--net', '--date'].includes(rest[i - 1])), process.env, process.cwd(), Date.now);
  const when = text(kind === 'launch' ? 'net' : 'date');
  if (when !== undefined && !isUtcTimestamp(when)) throw new UsageError(`"${when}": ${TIMESTAMP_HINT}`);

  let relative: string;
  let yaml: string;
  if (kind === 'launch') {
    const record = launchTemplate({ id: randomUUID(), now: options.now, name: text('name'), net: when });
    relative = recordPath('launches', record.slug, record.net);
    yaml = recordToYaml(record, launchSchema);
  } else {
    // Event ids are integers: take the next one after the largest in the data.
    const loaded = await loadDataDir(options.dataDir);
    const ids = loaded.files.filter((f) => f.kind === 'event').map((f) => Number((f.value as { id?: unknown })?.id)).filter(Number.isInteger);
    const record = eventTemplate({ id: Math.max(0, ...ids) + 1, now: options.now, name: text('name'), date: when });
    relative = recordPath('events', record.slug, record.date);
    yaml = recordToYaml(record, eventSchema);
  }
  const target = path.join(options.dataDir, relative);
  if (await stat(target).then(() => true, () => false)) throw new UsageError(`${target} already exists; choose another --name`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, yaml);
  console.log(`created ${path.relative(process.cwd(), target)}\nfill in every TODO, cite your source in info_urls, then run: npm run validate`);
});
