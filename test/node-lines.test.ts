// The Node.js lines the project supports, stated in four places that must agree:
// package.json "engines", .nvmrc (the line CI, the deploy and the sync run on), the
// pull-request workflow's matrix, and .ci/run (which fetches the .nvmrc line).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (file: string) => readFileSync(fileURLToPath(new URL(`../${file}`, import.meta.url)), 'utf8');
const engines: string = JSON.parse(read('package.json')).engines.node;
const nvmrc = Number(read('.nvmrc').trim());
const matrix: number[] = parse(read('.github/workflows/pr-checks.yml')).jobs.check.strategy.matrix.node;

/** Whether a major line is allowed by an engines range made of `^X.Y.Z` and `>=X.Y.Z` terms joined by `||`. */
function allowsLine(range: string, line: number): boolean {
  return range.split('||').some((term) => {
    const m = term.trim().match(/^(\^|>=)(\d+)(?:\.\d+){0,2}$/);
    if (!m) throw new Error(`engines term not understood: ${term}`);
    return m[1] === '^' ? Number(m[2]) === line : line >= Number(m[2]);
  });
}

describe('supported Node.js lines', () => {
  it('are the maintained LTS lines 22, 24 and 26, and not 20 (end of life in April 2026)', () => {
    expect([22, 24, 26].every((line) => allowsLine(engines, line))).toBe(true);
    expect(allowsLine(engines, 20)).toBe(false);
    expect(allowsLine(engines, 23)).toBe(false);
  });

  it('are each tested on pull requests, .nvmrc among them', () => {
    expect(matrix).toContain(nvmrc);
    for (const line of matrix) expect(allowsLine(engines, line), String(line)).toBe(true);
    expect([...matrix].sort()).toEqual([22, 24, 26]);
  });

  it('CI fetches the .nvmrc line from the npm registry when the machine has another', () => {
    const run = read('.ci/run');
    expect(run).toContain('want="${NODE_LINE:-$(cat .nvmrc)}"');
    expect(run).toMatch(/npm pack "node-linux-\$arch@\$want"/);
    // The fetched node comes first on PATH before npm ci runs.
    expect(run.indexOf('export PATH=')).toBeLessThan(run.indexOf('npm ci'));
  });
});
