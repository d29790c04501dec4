// What of a request line's target the Node server uses: its path and query only.
// In: the target as Node read it (`/2.3.0/launches/?limit=5`, the absolute form
// `http://any.host/2.3.0/launches/` HTTP allows, or anything else a client sends).
// Out: the path and query (`/2.3.0/launches/?limit=5`), or undefined for a target
// that is neither form (`*`, `host:443`, `ftp://…`). Joined to an origin of the
// server's configuration (joinTarget), never one the request names: `//evil.example/x`
// and `/\evil.example/x` stay paths of ours. Pure.

const ABSOLUTE = /^https?:\/\//i;

export function targetPath(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  if (!ABSOLUTE.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}

/** The request's URL on `origin` (`https://api.example.org`): the origin's authority is written first, so no path can name another. */
export function joinTarget(origin: string, path: string): URL {
  return new URL(`${origin}${path}`);
}
