// The shape of scripts/: folders by stage, imports that only point to earlier
// stages (no cycles, type imports included), at most 12 entries at the top of
// scripts/lib/, and a header comment on every module saying what it does.
// docs/architecture.md explains the layers this test holds the code to.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIB = path.join(ROOT, 'scripts/lib');

/**
 * The layers, earliest first: a module may import from its own layer and from
 * earlier ones only. `schemas` is scripts/schemas/; `top` is scripts/lib/*.ts and
 * the commands in scripts/.
 */
const LAYERS = [
  'base',
  'schemas',
  'model',
  'data',
  'api',
  'query',
  'outputs',
  'publish',
  'import',
  'cli',
  'top',
] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'snapshot-kit' ? [] : sourceFiles(full);
    return /\.(ts|mjs)$/.test(name) && !name.endsWith('.d.mts') ? [full] : [];
  });
}

function layerOf(file: string): (typeof LAYERS)[number] {
  const relative = path.relative(path.join(ROOT, 'scripts'), file).split(path.sep);
  if (relative[0] === 'schemas') return 'schemas';
  if (relative[0] !== 'lib' || relative.length === 2) return 'top';
  const layer = relative[1] as (typeof LAYERS)[number];
  if (!LAYERS.includes(layer))
    throw new Error(`${file} is in no layer: add its folder to LAYERS and to docs/architecture.md`);
  return layer;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1] ?? m[2]));
}

const files = sourceFiles(path.join(ROOT, 'scripts'));
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('scripts/ layout', () => {
  it('has at most 12 entries at the top of scripts/lib/', () => {
    expect(readdirSync(LIB).length).toBeLessThanOrEqual(12);
  });

  it('imports only from the same or an earlier layer', () => {
    const wrong: string[] = [];
    for (const [file, imports] of graph) {
      const from = LAYERS.indexOf(layerOf(file));
      for (const target of imports) {
        if (LAYERS.indexOf(layerOf(target)) > from)
          wrong.push(`${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no import cycles, type imports included', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(ROOT, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('starts every module with a comment saying what it does', () => {
    const bare = files.filter((file) => !/^(#!.*\n)?\s*(\/\/|\/\*)/.test(readFileSync(file, 'utf8')));
    expect(bare.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
