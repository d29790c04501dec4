// npm run serve [-- --port 8080 --host 127.0.0.1 --root public --public-url https://api.example.org
// --allowed-hosts a.example,b.example]; `npm start` builds first. The links of pages name the
// public URL (PUBLIC_URL), or the Host header when it is the server's own loopback address or an allowed host.
// Prints the addresses to open: the schedule page and the API (serve-addresses.ts).

import { existsSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { serveAddresses } from './lib/cli/serve-addresses.ts';
import { createApiServer, listen } from './lib/query/node-server.ts';

const USAGE = `usage: npm run serve [-- options]     (npm start builds first)

Serves the built folder like the real API: the schedule page, the API's files,
and queries (?search=, ?limit=, …) answered by the query engine.

  --port N      the port (PORT; default 8080)
  --host HOST   the address to listen on (HOST; default 127.0.0.1)
  --root DIR    the built folder (default public)
  --public-url URL       the origin that next/previous links name (PUBLIC_URL)
  --allowed-hosts a,b    Host headers trusted for those links (ALLOWED_HOSTS)
  --help        this text`;

// http-server's `union` dependency uses a deprecated Node API; the warning is noise for users.
process.noDeprecation = true;

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['port', 'host', 'root', 'public-url', 'allowed-hosts'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags } = parseFlags(argv);
  const port = Number(flags.get('port') ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number, got "${String(flags.get('port'))}"`);
  const host = String(flags.get('host') ?? process.env.HOST ?? '127.0.0.1');
  const root = path.resolve(String(flags.get('root') ?? 'public'));
  const publicUrlFlag = flags.get('public-url') ?? process.env.PUBLIC_URL;
  let publicUrl: string | undefined;
  if (publicUrlFlag !== undefined) {
    try {
      publicUrl = new URL(String(publicUrlFlag)).origin;
    } catch {
      throw new UsageError(`--public-url must be an absolute URL such as https://api.example.org, got "${String(publicUrlFlag)}"`);
    }
  }
  const hostsFlag = flags.get('allowed-hosts') ?? process.env.ALLOWED_HOSTS;
  const allowedHosts = typeof hostsFlag === 'string' ? hostsFlag.split(',').map((h) => h.trim()).filter(Boolean) : [];
  const bound = await listen(createApiServer({ root, publicUrl, allowedHosts }), port, host);
  const lines = serveAddresses({ root: path.relative(process.cwd(), root) || '.', host, port: bound, exists: (relative) => existsSync(path.join(root, relative)) });
  console.log(lines.join('\n'));
  await new Promise(() => undefined);
});
