// The edge worker's warm-up (query/warm-up.ts): its tiny index in memory is one the
// handler accepts, so every query it runs at start-up is answered (not a 503 or a
// 404 that would leave the engine's code for the first request to compile).

import { describe, expect, it } from 'vitest';
import { warmUp, WARM_UP_QUERIES } from '../scripts/lib/query/warm-up.ts';

describe('the warm-up', () => {
  it('answers every query it runs with 200, one of them and a static file through a Request and Responses as an edge request', async () => {
    const statuses = await warmUp();
    // The engine's queries, the first again through the edge entries' reader (a Response per file), and a static file.
    expect(statuses).toHaveLength(WARM_UP_QUERIES.length + 2);
    expect(
      statuses.every((status) => status === 200),
      JSON.stringify(statuses),
    ).toBe(true);
  });
});
