// Telling people about problems: grouped by file for the terminal, and as
// workflow commands plus a summary table under GitHub Actions.

import { appendFileSync } from 'node:fs';
import { formatProblem, type Problem } from '../data/problems.ts';
import { printable } from '../data/unsafe-text.ts';

export function formatReport(problems: readonly Problem[]): string {
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  const blocks = [...byFile].map(([file, list]) => `${file}\n${list.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return `${blocks.join('\n\n')}\n\n${errors} error(s), ${warnings} warning(s) in ${byFile.size} file(s)`;
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
  const rows = problems.map((p) => `| ${p.severity} | \`${cell(p.file)}:${p.line}:${p.col}\` | ${cell(p.rule)} | ${cell(p.message)} | ${cell(p.hint)} |`);
  return ['### Data validation', '', '| | where | rule | problem | fix |', '|---|---|---|---|---|', ...rows, ''].join('\n');
}

/** A problem with every text made printable: messages can quote hostile data files (unsafe-text.ts). */
const printableProblem = (p: Problem): Problem => ({ ...p, file: printable(p.file), field: printable(p.field), message: printable(p.message), hint: printable(p.hint) });

/** Prints the problems; under GitHub Actions also annotations and the step summary. */
export function reportProblems(unsafeProblems: readonly Problem[], env: NodeJS.ProcessEnv, out: (line: string) => void): void {
  const problems = unsafeProblems.map(printableProblem);
  if (problems.length > 0) out(formatReport(problems));
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const p of problems) out(githubAnnotation(p));
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, githubSummary(problems));
}
