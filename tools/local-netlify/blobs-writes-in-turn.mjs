/**
 * Conditional writes that hold locally as they hold on Netlify. The Blobs server of Netlify's
 * emulation checks a write's condition (`If-None-Match: *`, `If-Match`) and then writes, with
 * file-system calls in between: two writes of one key at the same moment can both pass the check
 * and both land. On Netlify exactly one does, and the contact function relies on it (a message id
 * kept once, a pending message sent by one run). So the functions run here reach the emulation
 * through this small proxy, which lets one write or delete of a key go at a time; reads and
 * writes of other keys pass at once, streamed (the proxy sits on every request of the store).
 */
import { createServer, request as httpRequest } from 'node:http';
import { once } from 'node:events';
import { Buffer } from 'node:buffer';

/**
 * Starts the proxy in front of the Blobs server that `NETLIFY_BLOBS_CONTEXT` names, and points
 * that variable (read by getStore() in this process) at the proxy. Returns its `close`.
 * @param {NodeJS.ProcessEnv} env
 */
export async function blobsWritesInTurn(env = process.env) {
  const serialised = env.NETLIFY_BLOBS_CONTEXT;
  if (!serialised) return { close: async () => {} };
  const context = JSON.parse(Buffer.from(serialised, 'base64').toString('utf8'));
  const target = new URL(context.edgeURL);
  /** The last write queued per key (its path), so the next one waits for it. */
  const queues = new Map();

  /**
   * Passes one request on and its answer back; resolves when the answer has been sent.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  const forward = (req, res) =>
    new Promise((resolve) => {
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', resolve);
        },
      );
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(String(error));
        resolve(undefined);
      });
      req.pipe(upstream);
    });

  const server = createServer((req, res) => {
    if (req.method !== 'PUT' && req.method !== 'DELETE') return void forward(req, res);
    const key = (req.url ?? '/').split('?')[0];
    const turn = (queues.get(key) ?? Promise.resolve()).then(() => forward(req, res));
    queues.set(key, turn);
    void turn.then(() => {
      if (queues.get(key) === turn) queues.delete(key);
    });
  });
  server.keepAliveTimeout = 10_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const proxy = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ ...context, edgeURL: proxy, uncachedEdgeURL: proxy }),
  ).toString('base64');
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve(undefined));
      }),
  };
}
