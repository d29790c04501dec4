// The origin a server listening on a host and port is reached at, for its links and
// for the addresses it prints: `http://localhost:8080` for the loopback and wildcard
// addresses (127.0.0.1, ::1, 0.0.0.0, ::; the build's default base URL names
// localhost too), `http://[2001:db8::1]:8080` for another IPv6 address, else
// `http://host:port`. Pure.

const LOCAL = new Set(['127.0.0.1', '::1', '[::1]', '0.0.0.0', '::', '[::]', 'localhost']);

export function listenOrigin(host: string, port: number): string {
  const lower = host.toLowerCase();
  const shown = LOCAL.has(lower) ? 'localhost' : lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
  return `http://${shown}:${port}`;
}
