// The hash the build names contents by (record-cache entries, input keys,
// fingerprints of output files): SHA-1, written in base64url. It tells versions
// apart; nothing is trusted because of it.

import { createHash, hash } from 'node:crypto';

// One-shot hashing (Node 20.12 and later) costs a fraction of making a Hash object per call, and a
// build hashes tens of thousands of short strings.
export const sha1: (content: string | Buffer) => string =
  typeof hash === 'function'
    ? (content) => hash('sha1', content, 'base64url')
    : (content) => createHash('sha1').update(content).digest('base64url');
