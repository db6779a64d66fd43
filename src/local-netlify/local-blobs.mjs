/**
 * The local Netlify Blobs store of the local server: a Blobs server on a folder, and the
 * environment that `getStore()` reads on Netlify, pointed at it, so functions running in this
 * process use it without any change. Its folder is the one `npm run messages` reads.
 *
 * The Blobs server runs in a worker thread: each stored message is two HTTP requests and a few
 * file operations on the server side, which would otherwise take turns on one core with the
 * functions themselves.
 */
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { setEnvironmentContext } from '@netlify/blobs';

/** The site id the local store files its entries under when no Netlify site is linked. */
const localSiteID = '0';

/**
 * @param {string} directory folder of the store
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startLocalBlobs(directory) {
  const token = randomBytes(16).toString('hex');
  const worker = new Worker(new URL('./blobs-worker.mjs', import.meta.url), { workerData: { directory, token } });
  const [{ port }] = await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error)),
  ]);
  // An address, not a name: no lookup of "localhost" for each new connection to the store.
  const url = `http://127.0.0.1:${port}`;
  // The same shape Netlify gives a deployed function, and @netlify/dev gives its emulation.
  setEnvironmentContext({ siteID: localSiteID, deployID: '0', token, edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'us-east-2' });
  return {
    url,
    async stop() {
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      await exited;
    },
  };
}
