// The query index's head as a runtime reads it: parsed (undefined when it is not JSON), split into what a loaded
// index reads apart (the parts, their row hashes, the reference file's hash) and what it holds (HeadContents), and
// what a reader answers when the index cannot be used now (IndexProblem). In: the head's text. Out: those.

import type { QueryIndex, QueryIndexHead } from './index-format.ts';

/** Why an index cannot be used now; `retry` when it may be whole again soon (a rebuild replacing its files). */
export interface IndexProblem {
  reason: string;
  retry: boolean;
}

export const parse = <T>(text: string): T | undefined => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
};

/**
 * A head's parts a loaded index reads apart (the parts, their row hashes, the reference file's hash) and the rest,
 * which it holds as its contents; the providers' packs and the shards are read from the head where they are used.
 */
export function splitHead(head: QueryIndexHead) {
  const {
    parts,
    rows,
    reference: referenceHash,
    provider_packs: _spread,
    key_shards: _shards,
    search_shards: _searchShards,
    ...rest
  } = head;
  return { parts, rows, referenceHash, rest };
}

export type HeadContents = Omit<QueryIndex, 'resources'>;
