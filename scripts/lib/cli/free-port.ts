// A TCP port that was free a moment ago on a host: for `npm start -- --port 0`, whose
// build must know the port before the server listens, and for tests that do the same.
// In: the host (127.0.0.1 unless told). Out: the port, after the probe has closed.

import { createServer } from 'node:net';

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
