// npm run fix [-- --data-dir DIR]: rewrites data files into canonical form.

import { runCli } from './lib/cli/cli.ts';
import { buildOptions } from './lib/cli/options.ts';
import { fixDataDir } from './lib/data/fix.ts';
import { reportProblems } from './lib/cli/report.ts';

await runCli(async () => {
  const options = buildOptions(process.argv.slice(2), process.env, process.cwd(), Date.now);
  const result = await fixDataDir(options.dataDir);
  for (const file of result.rewritten) console.log(`rewrote ${file}`);
  reportProblems(result.problems, process.env, (line) => console.error(line));
  console.log(`${result.rewritten.length} file(s) rewritten${result.problems.length ? `; ${result.problems.length} file(s) could not be read and were left as they are` : ''}`);
  return result.problems.length > 0 ? 1 : 0;
});
