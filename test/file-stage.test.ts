import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { stageFiles, type StageInput } from '../scripts/lib/data/file-stage.ts';
import { createFileValidator } from '../scripts/lib/data/schema-check.ts';
import { FIXTURE_DIR } from './helpers/data.ts';

describe('staging files on two threads', () => {
  it('gives the same values and problems as one thread', async () => {
    const relative = (await fg('**/*.yaml', { cwd: FIXTURE_DIR })).sort();
    const inputs: StageInput[] = relative.map((r) => ({
      absolute: path.join(FIXTURE_DIR, r),
      shown: r,
      kind: r.startsWith('launches/') ? 'launch' : r.startsWith('events/') ? 'event' : 'reference',
      name: path.basename(r, '.yaml'),
    }));
    const validate = createFileValidator();
    const alone = await stageFiles(inputs, validate);
    const paired = await stageFiles(inputs, validate, 1);
    const batched = await stageFiles(inputs, validate, 1, 3); // the worker's half in several messages
    expect(alone.usedWorker).toBe(false);
    expect(paired.usedWorker).toBe(true);
    const view = (r: typeof alone) =>
      r.results.map((x) => ({
        problems: x.problems,
        value: x.file?.value,
        checked: x.file?.checked,
        text: x.file?.text,
      }));
    expect(view(paired)).toEqual(view(alone));
    expect(batched.usedWorker).toBe(true);
    expect(view(batched)).toEqual(view(alone));
    expect(inputs.length / 2).toBeGreaterThan(6);
    // A file staged by the worker still places problems: its syntax tree is parsed on demand.
    const lastFromWorker = paired.results[paired.results.length - 1].file!;
    expect(lastFromWorker.lines.linePos(0)).toEqual({ line: 1, col: 1 });
  });
});
