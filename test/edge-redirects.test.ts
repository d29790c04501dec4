// The edge hosts' redirect of a folder asked without its slash (static-answer.ts):
// a path of ours is redirected to itself with the slash; a path that begins with more
// than one slash (or a backslash, which URL parsing makes a slash) names no file of
// ours and is a 404, never a redirect whose Location (`//evil.example/x/`) a browser
// would read as another host.

import { beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../scripts/lib/query/handler.ts';
import { ORIGIN, queryFixture, type QueryFixture } from './helpers/query-site.ts';

let fixture: QueryFixture;
beforeAll(async () => {
  fixture = await queryFixture();
}, 60_000);

const handler = () =>
  createHandler({
    readText: async (file) => fixture.files.get(file),
    openFile: async (file) => (fixture.files.has(file) ? { body: fixture.files.get(file)! } : undefined),
  });
const locationOf = (answer: { headers: ReadonlyArray<readonly [string, string]> }) =>
  answer.headers.find(([name]) => name === 'Location')?.[1];

describe('a folder asked without its slash, on the edge', () => {
  it('redirects to the folder with its slash', async () => {
    const answer = await handler().respond('GET', new URL(`${ORIGIN}/2.3.0/launches?x=1`));
    expect([answer.status, locationOf(answer)]).toEqual([301, '/2.3.0/launches/?x=1']);
  });

  it.each(['//', '///', '/\\', '\\\\'])('asked after %s, is a 404 with no Location', async (start) => {
    const answer = await handler().respond('GET', new URL(`${ORIGIN}${start}2.3.0/launches`));
    expect([answer.status, locationOf(answer)]).toEqual([404, undefined]);
  });
});
