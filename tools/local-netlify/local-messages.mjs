/**
 * The local store's messages, as `npm run messages` lists them: kept for the callers and tests
 * that read the local store only. The work is done by operator-messages.mjs, which also reads the
 * production store.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  describeMessage,
  listMessages,
  localStoreDirectory,
  openMessageStore,
} from '../../src/contact/operator-messages.mjs';

export { describeMessage, localStoreDirectory };

/**
 * All stored messages of the local store in `directory`, newest first: pending, sent and failed
 * ones alike, whether under the pending/, sent/<day>/ and failed/ keys or at the top level where
 * messages were kept before (see src/contact/store.ts). The markers of browser ids, the alert
 * states and the hourly e-mail slots are not messages and are left out. An entry that cannot be
 * read as a message (for example one cut short when the server was killed mid-write) is returned
 * as { id, unreadable: true }.
 */
export async function readLocalMessages(directory = localStoreDirectory) {
  const { store, close } = await openMessageStore({ directory });
  try {
    return await listMessages(store);
  } finally {
    await close();
  }
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
