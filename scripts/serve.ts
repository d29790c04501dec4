// npm run serve [-- --port 8080 --host 127.0.0.1 --root public --public-url https://api.example.org
// --allowed-hosts a.example,b.example]; `npm start` builds first. The links of pages name the
// public URL (PUBLIC_URL), or the Host header when it is the server's own loopback address or an allowed host.

import path from 'node:path';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError } from './lib/cli/options.ts';
import { createApiServer, listen } from './lib/query/node-server.ts';

// http-server's `union` dependency uses a deprecated Node API; the warning is noise for users.
process.noDeprecation = true;

await runCli(async () => {
  const { flags } = parseFlags(process.argv.slice(2));
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
  console.log(`serving ${root} at http://${host === '0.0.0.0' ? 'localhost' : host}:${bound}/2.3.0/ (Ctrl-C to stop)`);
  await new Promise(() => undefined);
});
