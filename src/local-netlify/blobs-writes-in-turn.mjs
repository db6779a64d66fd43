/**
 * Conditional writes that hold locally as they hold on Netlify. The Blobs server of Netlify's
 * emulation checks a write's condition (`If-None-Match: *`, `If-Match`) and then writes, with
 * file-system calls in between: two writes of one key at the same moment can both pass the check
 * and both land. On Netlify exactly one does, and the contact function relies on it (a message id
 * kept once, a pending message sent by one run). So the functions run here reach the emulation
 * through this small proxy, which lets one write or delete of a key go at a time; reads and
 * writes of other keys pass at once.
 */
import { createServer } from 'node:http';
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

  const forward = async (req, body) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && name !== 'host' && name !== 'connection')
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    return fetch(new URL(req.url ?? '/', target), {
      method: req.method,
      headers,
      body: body.length > 0 ? body : undefined,
    });
  };

  const server = createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      const key = new URL(req.url ?? '/', target).pathname;
      const writes = req.method === 'PUT' || req.method === 'DELETE';
      let answer;
      if (writes) {
        const before = queues.get(key) ?? Promise.resolve();
        const turn = before.then(async () => {
          const response = await forward(req, body);
          return { response, bytes: Buffer.from(await response.arrayBuffer()) };
        });
        const settled = turn.catch(() => undefined);
        queues.set(key, settled);
        answer = await turn;
        if (queues.get(key) === settled) queues.delete(key);
      } else {
        const response = await forward(req, body);
        answer = { response, bytes: Buffer.from(await response.arrayBuffer()) };
      }
      const headers = Object.fromEntries(answer.response.headers);
      delete headers['content-encoding'];
      delete headers['transfer-encoding'];
      headers['content-length'] = String(answer.bytes.length);
      res.writeHead(answer.response.status, headers).end(answer.bytes);
    } catch (error) {
      res.writeHead(502).end(String(error));
    }
  });
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
