// Telling people about problems: grouped by file for the terminal, and as
// workflow commands plus a summary table under GitHub Actions.

import { appendFileSync } from 'node:fs';
import { formatProblem, type Problem } from '../data/problems.ts';
import { printable } from '../data/unsafe-text.ts';
import { printableLines } from '../base/outside-text.ts';

export interface ReportOptions {
  /** The data files the contributor changed, named as problems name them (changed-files.ts); undefined when not known. */
  changed?: ReadonlySet<string>;
  /** Every warning listed (`--warnings`); else only those in changed files, the others summed up in one line. */
  allWarnings: boolean;
  /** The command that lists every warning, named in that line. */
  listCommand?: string;
}

const LIST_ALL: ReportOptions = { allWarnings: true };

const blocksOf = (problems: readonly Problem[]): string[] => {
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  return [...byFile].map(([file, list]) => `${file}\n${list.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The report: errors always in full; the files the contributor changed first, with
 * their warnings; warnings in other files listed only with `allWarnings`, else
 * summed up in one line naming the command that lists them.
 */
export function formatReport(problems: readonly Problem[], options: ReportOptions = LIST_ALL): string {
  const mine = (p: Problem): boolean => options.changed?.has(p.file) ?? false;
  const listed = problems.filter((p) => p.severity === 'error' || options.allWarnings || mine(p));
  const unlisted = problems.filter((p) => !(p.severity === 'error' || options.allWarnings || mine(p)));
  const sections: string[] = [];
  if (options.changed) {
    const own = listed.filter(mine);
    const others = listed.filter((p) => !mine(p));
    if (own.length > 0) sections.push(`In the files you changed:\n\n${blocksOf(own).join('\n\n')}`);
    if (others.length > 0) sections.push(`In files you did not change:\n\n${blocksOf(others).join('\n\n')}`);
  } else if (listed.length > 0) sections.push(blocksOf(listed).join('\n\n'));
  const lines: string[] = [];
  if (unlisted.length > 0) {
    const byRule = new Map<string, number>();
    for (const p of unlisted) byRule.set(p.rule, (byRule.get(p.rule) ?? 0) + 1);
    const rules = [...byRule]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .map(([rule, n]) => `${rule} ${n}`)
      .join(', ');
    const files = new Set(unlisted.map((p) => p.file)).size;
    const where = options.changed ? `in ${plural(files, 'file')} you did not change` : `in ${plural(files, 'file')}`;
    lines.push(
      `${plural(unlisted.length, 'warning')} ${where} (${rules}), not listed${options.listCommand ? `: \`${options.listCommand}\` lists them` : ''}`,
    );
  }
  // The count of everything, once something is listed (a summed-up line alone says it all).
  if (sections.length > 0) {
    const errors = problems.filter((p) => p.severity === 'error').length;
    const files = new Set(problems.map((p) => p.file)).size;
    lines.push(`${errors} error(s), ${problems.length - errors} warning(s) in ${files} file(s)`);
  }
  return [...sections, lines.join('\n')].join('\n\n');
}

/** Escapes as GitHub's workflow-command rules require (data and property values differ). */
export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function githubAnnotation(p: Problem): string {
  const message = `${p.message}${p.hint ? ` — fix: ${p.hint}` : ''}`;
  return `::${p.severity} file=${escapeProperty(p.file)},line=${p.line},col=${p.col},title=${escapeProperty(p.rule)}::${escapeData(message)}`;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function githubSummary(problems: readonly Problem[]): string {
  if (problems.length === 0) return '### Data validation\n\nNo problems found.\n';
  const rows = problems.map(
    (p) =>
      `| ${p.severity} | \`${cell(p.file)}:${p.line}:${p.col}\` | ${cell(p.rule)} | ${cell(p.message)} | ${cell(p.hint)} |`,
  );
  return ['### Data validation', '', '| | where | rule | problem | fix |', '|---|---|---|---|---|', ...rows, ''].join(
    '\n',
  );
}

/** A problem with every text made printable: messages can quote hostile data files (unsafe-text.ts). */
const printableProblem = (p: Problem): Problem => ({
  ...p,
  file: printable(p.file),
  field: printable(p.field),
  message: printable(p.message),
  hint: printable(p.hint),
});

/**
 * Prints the problems (formatReport); under GitHub Actions also an annotation for
 * every one, warnings included, and the step summary: there they are read on the
 * run's page, not in the log.
 */
export function reportProblems(
  unsafeProblems: readonly Problem[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  options: ReportOptions = LIST_ALL,
): void {
  const problems = unsafeProblems.map(printableProblem);
  // Line by line, so that no line a data file's text begins (a diff's, a message's) reads as a workflow command.
  if (problems.length > 0) out(printableLines(formatReport(problems, options)));
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const p of problems) out(githubAnnotation(p));
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, githubSummary(problems));
}
