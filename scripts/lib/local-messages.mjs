/**
 * Reads the contact messages of the local Netlify Blobs store (.netlify/blobs-serve), the one the
 * local server's function writes to, through a Blobs server of its own on the same folder.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';

export const localStoreDirectory = fileURLToPath(new URL('../../.netlify/blobs-serve', import.meta.url));

/**
 * All stored messages, newest first: pending, sent and failed ones alike, whether under the
 * pending/, sent/<day>/ and failed/ keys or at the top level where messages were kept before
 * (see src/lib/contact/store.ts). The markers under received/ (a browser's message id, and the
 * message it became) are not messages and are left out. An entry that cannot be read as a message
 * (for example one cut short when the server was killed mid-write) is returned as
 * { id, unreadable: true }.
 */
export async function readLocalMessages(directory = localStoreDirectory) {
  if (!existsSync(directory)) return [];
  const token = 'local-messages';
  const server = new BlobsServer({ directory, token, port: 0 });
  const { port } = await server.start();
  try {
    // As the local emulation gives its functions: site id "0" when no Netlify site is linked, the
    // store production and local runs use (contactStoreName in src/lib/contact/deploy-context.ts).
    const url = `http://localhost:${port}`;
    const store = getStore({ name: 'contact-messages', siteID: '0', token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' });
    const blobs = (await store.list()).blobs.filter((b) => !b.key.startsWith('received/') && !b.key.startsWith('alerts/'));
    const read = async (key) => {
      const text = await store.get(key, { type: 'text' });
      try {
        return JSON.parse(text);
      } catch {
        return { id: key, unreadable: true };
      }
    };
    // A few at a time: thousands of reads at once overflow the Blobs server's connection queue.
    const records = [];
    for (let i = 0; i < blobs.length; i += 64) records.push(...(await Promise.all(blobs.slice(i, i + 64).map((b) => read(b.key)))).filter(Boolean));
    return records.sort((a, b) => b.id.localeCompare(a.id));
  } finally {
    await server.stop();
  }
}

/** Two lines for one message, as `npm run messages` prints it: the state first, failed ones with why. */
export function describeMessage(record) {
  if (record.unreadable) return [`${record.id}  [unreadable entry]`];
  const m = record.message;
  const tries = record.attempts ? `, ${record.attempts} attempt(s)` : '';
  const state = record.status === 'failed' ? `failed${tries}: ${record.failureReason ?? record.lastError ?? 'no reason kept'}` : `${record.status}${tries}`;
  return [
    `${record.receivedAt}  [${state}]  ${m.name} <${m.email}>${m.company ? `, ${m.company}` : ''}`,
    `  ${m.message.replace(/\s+/g, ' ').slice(0, 160)}`,
  ];
}

/** Where `npm start` notes the address it serves on, so `npm run messages` names the right one. */
export const runningSiteFile = fileURLToPath(new URL('../../.netlify/serve.json', import.meta.url));

/** Notes the address of the running local server (and its process, to tell a stale note). */
export function recordRunningSite(url, file = runningSiteFile) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ url, pid: process.pid }));
}

/** Removes the note, if it is this process's. */
export function forgetRunningSite(file = runningSiteFile) {
  try {
    if (JSON.parse(readFileSync(file, 'utf8')).pid === process.pid) rmSync(file);
  } catch {
    // No note, or not readable: nothing to remove.
  }
}

/** The address of the local server that is running now, or undefined when none is. */
export function runningSite(file = runningSiteFile) {
  try {
    const { url, pid } = JSON.parse(readFileSync(file, 'utf8'));
    process.kill(pid, 0);
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}
