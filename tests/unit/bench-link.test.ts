/**
 * The slow link of `npm run bench -- --visit` (bench/link.mjs, which bench/visit.mjs uses): a request
 * waits a round trip, a body its bytes at the link's rate, and the bytes that reach the browser are
 * counted.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLink } from '../../bench/link.mjs';

const body = Buffer.alloc(31_250, 'x'); // 250 kbit: one second at 250 kbit/s
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => res.end(req.url === '/large' ? body : 'ok'));
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * The link's server closes once its connections have; they end when the target's do, and the
 * target keeps fetch's connections alive for seconds after their last answer. Its idle ones are
 * closed first.
 */
async function closeLink(link: { close: () => Promise<unknown> }) {
  server.closeIdleConnections();
  await link.close();
}

describe('startLink', () => {
  it('adds the round trip to every request and drains bodies at its rate, counting the bytes', async () => {
    const link = await startLink({ targetPort: port, rttMs: 300, kbps: 250 });
    try {
      let started = performance.now();
      expect(await (await fetch(`http://localhost:${link.port}/small`)).text()).toBe('ok');
      const small = performance.now() - started;
      expect(small).toBeGreaterThanOrEqual(295);
      expect(small).toBeLessThan(900);

      const before = link.bytesDown();
      started = performance.now();
      expect((await (await fetch(`http://localhost:${link.port}/large`)).arrayBuffer()).byteLength).toBe(body.length);
      const large = performance.now() - started;
      // 300 ms round trip + 1 s of body (+ headers).
      expect(large).toBeGreaterThanOrEqual(1290);
      expect(large).toBeLessThan(2500);
      expect(link.bytesDown() - before).toBeGreaterThan(body.length);
      expect(link.bytesDown() - before).toBeLessThan(body.length + 1024);
    } finally {
      await closeLink(link);
    }
  });

  it('is quiet once nothing has crossed it for the time asked, counted from `since` at the earliest', async () => {
    const link = await startLink({ targetPort: port, rttMs: 20, kbps: 10_000 });
    try {
      await fetch(`http://localhost:${link.port}/small`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The last answer was 300 ms ago: quiet for 200 ms already.
      let started = performance.now();
      await link.quiet(200);
      expect(performance.now() - started).toBeLessThan(150);
      // Counted from now, as after a page the worker answered without a request.
      started = performance.now();
      await link.quiet(400, started);
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      await closeLink(link);
    }
  });
});
