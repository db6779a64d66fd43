/**
 * A Netlify Blobs server in a worker thread (see local-blobs.mjs): it answers the store's HTTP
 * requests on a core of its own, so writing messages does not slow the functions that write them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BlobsServer } from '@netlify/blobs/server';

const server = new BlobsServer({ directory: workerData.directory, token: workerData.token });
const { port } = await server.start();
parentPort?.postMessage({ port });
parentPort?.once('message', async () => {
  await server.stop();
  parentPort?.close();
});
