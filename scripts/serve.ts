// npm run serve [-- --port 8080 --host 127.0.0.1 --root public --public-url https://api.example.org
// --allowed-hosts a.example,b.example]; `npm start` is `serve.ts --build`: it first builds the folder
// for the address it is about to serve (BASE_URL, unless set, is that address), so that the files'
// links name it. The links of query answers name the public URL (PUBLIC_URL), else the address
// listened on, or an allowed host the Host header names exactly. Prints the addresses to open
// (serve-addresses.ts), and a warning when the folder was built for another address.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { API_VERSION } from './lib/api/paths.ts';
import { runCli } from './lib/cli/cli.ts';
import { parseFlags, UsageError, wantsHelp } from './lib/cli/options.ts';
import { freePort } from './lib/cli/free-port.ts';
import { builtElsewhere, serveAddresses } from './lib/cli/serve-addresses.ts';
import { QUERY_INDEX_FILE } from './lib/query/index-format.ts';
import { listenOrigin } from './lib/query/listen-origin.ts';
import { createApiServer, listen } from './lib/query/node-server.ts';

const USAGE = `usage: npm run serve [-- options]     (npm start builds first)

Serves the built folder like the real API: the schedule page, the API's files,
and queries (?search=, ?limit=, …) answered by the query engine. npm start first
builds the folder for the address it serves (BASE_URL, when set, instead), so
that every link names it.

  --port N      the port (PORT; default 8080; 0 for any free one)
  --host HOST   the address to listen on (HOST; default 127.0.0.1)
  --root DIR    the built folder (default public)
  --public-url URL       the origin that links name (PUBLIC_URL; default the address served)
  --allowed-hosts a,b    other origins links may name, each when the Host header
                         names it exactly: host, host:port or https://host (ALLOWED_HOSTS)
  --build       build first (what npm start does)
  --help        this text`;

// Node's own warnings (an experimental API in a dependency) are noise for users.
process.noDeprecation = true;

/** Whether host:port can be listened on now; the reason in plain words when not. */
function portProblem(port: number, host: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(listenProblem(error, port, host)));
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}

function listenProblem(error: NodeJS.ErrnoException, port: number, host: string): string {
  if (error.code === 'EADDRINUSE')
    return `port ${port} on ${host} is in use (another server, or an earlier npm start?): choose another with --port N (or PORT=N), or --port 0 for any free one`;
  if (error.code === 'EACCES')
    return `port ${port} on ${host} needs privileges this user lacks: choose a port above 1023 with --port N`;
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return `${host} is not an address of this machine: choose another with --host`;
  return `cannot listen on ${host}:${port}: ${error.message}`;
}

/** The base URL the folder was built for, from its query index's head (undefined when there is no build). */
function builtFor(root: string): string | undefined {
  try {
    const head = JSON.parse(readFileSync(path.join(root, QUERY_INDEX_FILE), 'utf8')) as { base_url?: unknown };
    return typeof head.base_url === 'string' ? head.base_url : undefined;
  } catch {
    return undefined;
  }
}

await runCli(async () => {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv, ['port', 'host', 'root', 'public-url', 'allowed-hosts', 'build'], USAGE)) {
    console.log(USAGE);
    return 0;
  }
  const { flags } = parseFlags(argv);
  const portText = flags.get('port') ?? process.env.PORT ?? '8080';
  let port = Number(portText);
  if (portText === true || portText === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be a port number from 0 to 65535, got "${String(portText)}"`);
  }
  const hostFlag = flags.get('host') ?? process.env.HOST ?? '127.0.0.1';
  if (hostFlag === true || hostFlag === '') throw new UsageError('--host needs an address, e.g. 127.0.0.1 or 0.0.0.0');
  const host = hostFlag;
  const rootFlag = flags.get('root') ?? 'public';
  if (rootFlag === true) throw new UsageError('--root needs a folder');
  const root = path.resolve(rootFlag);
  const publicUrlFlag = flags.get('public-url') ?? process.env.PUBLIC_URL;
  let publicUrl: string | undefined;
  if (publicUrlFlag !== undefined) {
    try {
      const parsed = new URL(String(publicUrlFlag));
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
      publicUrl = parsed.origin;
    } catch {
      throw new UsageError(
        `--public-url must be an absolute http(s) URL such as https://api.example.org, got "${String(publicUrlFlag)}"`,
      );
    }
  }
  const hostsFlag = flags.get('allowed-hosts') ?? process.env.ALLOWED_HOSTS;
  const allowedHosts =
    typeof hostsFlag === 'string'
      ? hostsFlag
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean)
      : [];
  for (const entry of allowedHosts) {
    try {
      new URL(/^https?:\/\//i.test(entry) ? entry : `http://${entry}`);
    } catch {
      throw new UsageError(`--allowed-hosts: "${entry}" is not a host, host:port or http(s) origin`);
    }
  }

  if (flags.has('build')) {
    // The build writes the address into every file: it must be the one served, so the port is settled first.
    const problem = port === 0 ? undefined : await portProblem(port, host);
    if (problem) throw new UsageError(`${problem}\nNothing was built.`);
    if (port === 0) port = await freePort(host);
    const baseUrl = process.env.BASE_URL || `${publicUrl ?? listenOrigin(host, port)}/${API_VERSION}/`;
    const build = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, 'run.mjs'), 'build', '--base-url', baseUrl, '--out-dir', root],
      { stdio: 'inherit' },
    );
    if (build.status !== 0) return build.status ?? 1;
  }

  const server = createApiServer({ root, publicUrl, allowedHosts });
  let bound: number;
  try {
    bound = await listen(server, port, host);
  } catch (error) {
    throw new UsageError(listenProblem(error as NodeJS.ErrnoException, port, host));
  }
  const lines = serveAddresses({
    root: path.relative(process.cwd(), root) || '.',
    host,
    port: bound,
    exists: (relative) => existsSync(path.join(root, relative)),
  });
  console.log(lines.join('\n'));
  const warning = builtElsewhere(builtFor(root), `${server.linkOrigin()}/${API_VERSION}/`);
  if (warning) console.error(`warning: ${warning}`);
  await new Promise(() => undefined);
});
