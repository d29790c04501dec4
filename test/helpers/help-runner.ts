// Runs several tsx scripts' commands in one process, one after the other, as their npm
// scripts would run them each in a process of its own (help.test.ts):
//   node --import tsx test/helpers/help-runner.ts '<JSON [[script file, ...argv], …]>'
// For each: process.argv set to the script and its arguments, the script imported afresh
// (a query of its own in the URL, so that its top level runs again while the modules it
// imports load once), its stdout and stderr captured, and its exit code read from
// process.exitCode as runCli (lib/cli/cli.ts) leaves it. A script that calls process.exit
// is recorded as such (code null) rather than ending the others.
// Out: one JSON line on stdout, [{stdout, stderr, code, exited?}] in the order given.

import { pathToFileURL } from 'node:url';

interface Outcome {
  stdout: string;
  stderr: string;
  code: number | null;
  exited?: string;
}

class Exited extends Error {}

const commands = JSON.parse(process.argv[2] ?? '[]') as Array<[string, ...string[]]>;
const write = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };
const realExit = process.exit.bind(process);
const outcomes: Outcome[] = [];

for (const [i, [script, ...argv]] of commands.entries()) {
  const outcome: Outcome = { stdout: '', stderr: '', code: null };
  const capture =
    (stream: 'stdout' | 'stderr') =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      outcome[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    };
  process.stdout.write = capture('stdout') as typeof process.stdout.write;
  process.stderr.write = capture('stderr') as typeof process.stderr.write;
  process.exit = ((code?: number) => {
    outcome.exited = `called process.exit(${code ?? ''})`;
    throw new Exited(outcome.exited);
  }) as typeof process.exit;
  process.argv = [process.argv[0], script, ...argv];
  process.exitCode = undefined;
  try {
    await import(`${pathToFileURL(script).href}?help-run=${i}`);
    outcome.code = outcome.exited ? null : Number(process.exitCode ?? 0);
  } catch (error) {
    outcome.stderr += `${error instanceof Exited ? '' : 'threw: '}${String(error)}\n`;
  } finally {
    process.stdout.write = write.stdout as typeof process.stdout.write;
    process.stderr.write = write.stderr as typeof process.stderr.write;
    process.exit = realExit;
  }
  outcomes.push(outcome);
}
process.exitCode = 0;
write.stdout(`${JSON.stringify(outcomes)}\n`);
