/**
 * The slow network link of `npm run bench -- --visit` (bench/visit.mjs), in a module of its own:
 * its test loads it without the browser and build parts of the visit.
 */
import { createServer, connect } from 'node:net';
import { slowLink } from './five-page-visit.mjs';

/**
 * A network link to `targetPort` on localhost, as a TCP proxy: every chunk waits half the round
 * trip, and each direction's chunks share one queue drained at `kbps`. Counts the bytes that reach
 * the browser.
 */
export async function startLink({ targetPort, rttMs = slowLink.rttMs, kbps = slowLink.kbps }) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  const queue = () => {
    let freeAt = 0;
    return (bytes) => {
      const now = performance.now();
      freeAt = Math.max(now, freeAt) + bytes / bytesPerMs;
      return freeAt - now + rttMs / 2;
    };
  };
  const [down, up] = [queue(), queue()];
  const state = { bytesDown: 0, pending: 0, lastActivity: performance.now() };
  const relay = (from, to, delayFor, count) => {
    let lastAt = 0;
    from.on('data', (chunk) => {
      if (count) state.bytesDown += chunk.length;
      state.pending++;
      state.lastActivity = performance.now();
      const at = Math.max(performance.now() + delayFor(chunk.length), lastAt);
      lastAt = at;
      setTimeout(() => {
        state.pending--;
        state.lastActivity = performance.now();
        if (!to.destroyed) to.write(chunk);
      }, at - performance.now());
    });
    from.on('end', () => setTimeout(() => to.end(), Math.max(0, lastAt - performance.now())));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, 'localhost');
    relay(client, upstream, up, false);
    relay(upstream, client, down, true);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => setTimeout(() => client.destroy(), rttMs));
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return {
    port: server.address().port,
    bytesDown: () => state.bytesDown,
    /**
     * Resolves once nothing has crossed the link for `ms`, counted from `since` (performance.now())
     * at the earliest: a page the worker answered may have sent nothing yet, and still send its
     * after-load requests a second later.
     */
    async quiet(ms = 1000, since = 0) {
      while (state.pending > 0 || performance.now() - Math.max(state.lastActivity, since) < ms)
        await new Promise((resolve) => setTimeout(resolve, 100));
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
