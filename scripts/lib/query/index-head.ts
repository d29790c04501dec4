// The query index's head as a runtime reads it: parsed (undefined when it is not JSON), split into what a loaded
// index reads apart (the parts, their row hashes, the reference file's hash) and what it holds (HeadContents), and
// what a reader answers when the index cannot be used now (IndexProblem); the head read and checked against this
// runtime's format and API version (readHead). In: the head's text, or a reader of it. Out: those.

import { API_VERSION } from '../api/paths.ts';
import { QUERY_INDEX_FILE, QUERY_INDEX_FORMAT, type QueryIndex, type QueryIndexHead } from './index-format.ts';

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

/** The head read through `read`, or why it cannot be used: missing, or of another format or API version. */
export async function readHead(
  read: (path: string) => Promise<string | undefined>,
): Promise<QueryIndexHead | IndexProblem> {
  const headText = await read(QUERY_INDEX_FILE);
  if (headText === undefined)
    return { reason: `the query index ${QUERY_INDEX_FILE} is missing: build the site with this version`, retry: false };
  const head = parse<QueryIndexHead>(headText);
  if (head?.format !== QUERY_INDEX_FORMAT || head.api_version !== API_VERSION) {
    return {
      reason: `the query index has format ${String(head?.format)} for API ${String(head?.api_version)}; this server reads format ${QUERY_INDEX_FORMAT} for ${API_VERSION}: rebuild the site`,
      retry: false,
    };
  }
  return head;
}

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
