/**
 * Reads the contact messages of the local Netlify Blobs store (.netlify/blobs-serve), the one the
 * local server's function writes to, through a Blobs server of its own on the same folder.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';

export const localStoreDirectory = fileURLToPath(new URL('../../.netlify/blobs-serve', import.meta.url));

/**
 * All stored messages, newest first. An entry that cannot be read as a message (for example one
 * cut short when the server was killed mid-write) is returned as { id, unreadable: true }.
 */
export async function readLocalMessages() {
  if (!existsSync(localStoreDirectory)) return [];
  const token = 'local-messages';
  const server = new BlobsServer({ directory: localStoreDirectory, token, port: 0 });
  const { port } = await server.start();
  try {
    // The local emulation uses site id "0" when no Netlify site is linked.
    const store = getStore({ name: 'contact-messages', siteID: '0', token, apiURL: `http://localhost:${port}`, consistency: 'strong' });
    const { blobs } = await store.list();
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
