// npm run fix [-- --data-dir DIR]: rewrites data files into canonical form.

import { runCli } from './lib/cli/cli.ts';
import { buildOptions, wantsHelp } from './lib/cli/options.ts';
import { fixDataDir } from './lib/data/fix.ts';
import { reportProblems } from './lib/cli/report.ts';

const USAGE = `usage: npm run fix [-- --data-dir DIR]

Rewrites the data files into canonical form (key order, quoting, UTC timestamps)
and lists each file rewritten; a file that cannot be read is left as it is.

  --data-dir DIR   the data folder (DATA_DIR; default data)
  --help           this text`;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['data-dir'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const options = buildOptions(argv, process.env, process.cwd(), Date.now);
  const result = await fixDataDir(options.dataDir);
  for (const file of result.rewritten) console.log(`rewrote ${file}`);
  reportProblems(result.problems, process.env, (line) => console.error(line));
  console.log(
    `${result.rewritten.length} file(s) rewritten${result.problems.length ? `; ${result.problems.length} file(s) could not be read and were left as they are` : ''}`,
  );
  return result.problems.length > 0 ? 1 : 0;
});
