// Finding a run of bytes in bytes. In: a needle (made once) and the bytes to look in
// with where to start. Out: where the needle next starts, or -1. Why not a loop over
// `indexOf` of the needle's first byte: on JSON that byte is often a quote, met every
// few bytes, so each place costs a call and a comparison; Horspool's method looks at
// the byte under the needle's last place and skips by as much as that byte allows
// (for a 40-byte needle, up to 40 bytes a step). Pure; the runtime has no search of
// a byte run in a Uint8Array (Node's Buffer has one; workerd and Deno do not).

/** A finder of `needle` in bytes: Horspool's method, its table of skips made once. */
export function byteFinder(needle: Uint8Array): (bytes: Uint8Array, from: number) => number {
  const length = needle.length;
  // How far the needle may move when the byte under its last place is b: from its last place but one back to b's last place in it.
  const skip = new Int32Array(256).fill(length);
  for (let i = 0; i < length - 1; i++) skip[needle[i]] = length - 1 - i;
  const lastByte = needle[length - 1];
  return (bytes, from) => {
    if (length === 0) return Math.min(Math.max(from, 0), bytes.length);
    for (let at = Math.max(from, 0); at <= bytes.length - length; ) {
      const under = bytes[at + length - 1];
      if (under === lastByte) {
        let i = 0;
        while (i < length - 1 && bytes[at + i] === needle[i]) i++;
        if (i === length - 1) return at;
      }
      at += skip[under];
    }
    return -1;
  };
}
