// Serves a folder over HTTP on 127.0.0.1 with python3's http.server (as any static host would),
// on a port the OS picks. Used by the browser tests, the browser benchmark and the screenshots.

import { spawn } from 'node:child_process';

/**
 * @param {string} root the folder to serve
 * @returns {Promise<{origin: string, close: () => void}>} origin: e.g. http://127.0.0.1:43125
 */
export async function serveStatic(root) {
  // Port 0: the OS picks a free port, and http.server prints it.
  const server = spawn(
    'python3',
    ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', root],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // The access log goes to stderr; if nobody reads the pipe it fills up and the server stalls.
  server.stderr.resume();
  const port = await new Promise((resolve, reject) => {
    let banner = '';
    server.stdout.on('data', (chunk) => {
      banner += chunk;
      const match = banner.match(/Serving HTTP on \S+ port (\d+)/);
      if (match) resolve(match[1]);
    });
    server.once('exit', (code) =>
      reject(new Error(`python3 http.server exited early (code ${code})`)),
    );
  });
  return { origin: `http://127.0.0.1:${port}`, close: () => server.kill() };
}
