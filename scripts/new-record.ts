// npm run new:launch [-- --name "Rocket | Mission" --net TIME]
// npm run new:event  [-- --name "..." --date TIME]
// Writes a new record with a fresh id and every required field, ready to fill.
// TIME is UTC to the precision known (scaffold.ts, parseGivenTime), which becomes
// the record's net_precision / date_precision.

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eventSchema, launchSchema } from './schemas/data-files.ts';
import { recordToYaml } from './lib/data/canonical.ts';
import { runCli } from './lib/cli/cli.ts';
import { loadDataDir } from './lib/data/load.ts';
import { buildOptions, parseFlags, UsageError } from './lib/cli/options.ts';
import { eventTemplate, GIVEN_TIME_HINT, launchTemplate, parseGivenTime, recordPath } from './lib/data/scaffold.ts';

const USAGE = `usage: npm run new:launch -- [--name "Rocket | Mission"] [--net TIME]
       npm run new:event  -- [--name "Event name"] [--date TIME]
           [--data-dir DIR] [--now ISO]

Writes a new record under data/ with a fresh id and every required field; replace
each TODO, cite your source in info_urls, then run npm run validate.
TIME is UTC; its last unit that is not zero becomes the record's precision:
  2027-01-10T14:30:05Z  second      2027-01-10T14Z  hour
  2027-01-10T14:30Z     minute      2027-01-10      day (also the default: today)
(a time known to the second at :00 gets minute: edit net_precision to second)`;

await runCli(async () => {
  const [kind, ...rest] = process.argv.slice(2);
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    console.log(USAGE);
    return 0;
  }
  if (kind !== 'launch' && kind !== 'event') throw new UsageError(USAGE);
  const { flags } = parseFlags(rest);
  const text = (flag: string) => (typeof flags.get(flag) === 'string' ? (flags.get(flag) as string) : undefined);
  const options = buildOptions(
    rest.filter(
      (a, i) => !['--name', '--net', '--date'].includes(a) && !['--name', '--net', '--date'].includes(rest[i - 1]),
    ),
    process.env,
    process.cwd(),
    Date.now,
  );
  const when = text(kind === 'launch' ? 'net' : 'date');
  if (when !== undefined && !parseGivenTime(when))
    throw new UsageError(`--${kind === 'launch' ? 'net' : 'date'} "${when}" is not a time: ${GIVEN_TIME_HINT}`);

  let relative: string;
  let yaml: string;
  if (kind === 'launch') {
    const record = launchTemplate({ id: randomUUID(), now: options.now, name: text('name'), net: when });
    relative = recordPath('launches', record.slug, record.net);
    yaml = recordToYaml(record, launchSchema);
  } else {
    // Event ids are integers: take the next one after the largest in the data.
    const loaded = await loadDataDir(options.dataDir);
    const ids = loaded.files
      .filter((f) => f.kind === 'event')
      .map((f) => Number((f.value as { id?: unknown })?.id))
      .filter(Number.isInteger);
    const record = eventTemplate({ id: Math.max(0, ...ids) + 1, now: options.now, name: text('name'), date: when });
    relative = recordPath('events', record.slug, record.date);
    yaml = recordToYaml(record, eventSchema);
  }
  const target = path.join(options.dataDir, relative);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    throw new UsageError(`${target} already exists; choose another --name`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, yaml);
  const precision =
    when === undefined
      ? 'day (no time given: today, to be corrected)'
      : `${parseGivenTime(when)!.precision} (the last unit given that is not zero; edit it if you know the time more precisely)`;
  console.log(
    `created ${path.relative(process.cwd(), target)} with ${kind === 'launch' ? 'net' : 'date'}_precision ${precision}\nfill in every TODO, cite your source in info_urls, then run: npm run validate`,
  );
});
