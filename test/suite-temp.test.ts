// Where the suite keeps its temporary files (helpers/suite-temp.ts): in memory when the machine has room
// there, never over a TMPDIR the caller set, and on the disk when /dev/shm is missing, read-only or small.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeBytes, MEMORY_FOLDER, ROOM_NEEDED, suiteTempParent } from './helpers/suite-temp.ts';

describe('the folder the suite keeps its temporary files in', () => {
  const room = (bytes: number | undefined) => (folder: string) => (folder === MEMORY_FOLDER ? bytes : undefined);

  it('is the memory file system when it has room for the suite', () => {
    expect(suiteTempParent({}, room(ROOM_NEEDED))).toBe(MEMORY_FOLDER);
    expect(suiteTempParent({}, room(24 * 1024 ** 3))).toBe(MEMORY_FOLDER);
  });

  it("stays where the system keeps them when that is small (a container's 64 MB), missing or not writable", () => {
    expect(suiteTempParent({}, room(64 * 1024 ** 2))).toBeUndefined();
    expect(suiteTempParent({}, room(ROOM_NEEDED - 1))).toBeUndefined();
    expect(suiteTempParent({}, room(undefined))).toBeUndefined();
  });

  it('leaves a TMPDIR the caller set as it is', () => {
    expect(suiteTempParent({ TMPDIR: '/var/tmp/mine' }, room(24 * 1024 ** 3))).toBeUndefined();
  });

  it("reads a folder's free bytes, and none of a folder that is not there", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lss-free-'));
    try {
      expect(freeBytes(dir)).toBeGreaterThan(0);
      expect(freeBytes(path.join(dir, 'missing'))).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
