// The origin the links of the Node server's answers name (`next`, `previous`, `url`):
// the public URL, else the address the server listens on, or an allowed host the
// Host header names exactly; never a host, scheme or port taken from the request (a
// shared cache could keep it). In: the configuration, then a request. Out: the
// request's URL on that origin. Pure.

import type { IncomingMessage } from 'node:http';
import { joinTarget, targetPath } from './request-target.ts';

/**
 * The origin the links of an answer name, by the request's Host header: an allowed
 * host's own origin when the header names it exactly, else the public URL, else the
 * address the server listens on. The header only picks among configured origins.
 */
export type LinkOrigin = (host: string | undefined) => string;

/** `host`, `host:port` (over http) or an origin (`https://mirror.example.net`), lower case, as an origin. */
export function allowedOrigin(entry: string): string {
  const text = entry.trim().toLowerCase();
  return new URL(/^https?:\/\//.test(text) ? text : `http://${text}`).origin;
}

export function linkOrigins(config: {
  publicUrl?: string;
  allowedHosts?: readonly string[];
  own: () => string;
}): LinkOrigin {
  const byHost = new Map<string, string>();
  for (const entry of config.allowedHosts ?? []) {
    const origin = allowedOrigin(entry);
    byHost.set(new URL(origin).host, origin);
  }
  const fixed = config.publicUrl === undefined ? undefined : new URL(config.publicUrl).origin;
  return (host) => byHost.get(String(host ?? '').toLowerCase()) ?? fixed ?? config.own();
}

/** The request's URL: its path and query (targetPath) on the origin its links name. */
export function requestUrl(req: IncomingMessage, linkOrigin: LinkOrigin): URL {
  return joinTarget(linkOrigin(req.headers.host), targetPath(req.url ?? '') ?? '/');
}
