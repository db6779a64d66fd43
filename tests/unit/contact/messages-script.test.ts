/**
 * `npm run messages` reads the local store in every layout it has had and shows a failed message
 * with its reason. Checked on a store folder written by a real local Blobs server, as the local
 * emulation writes it (site "0", store "contact-messages").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import { describeMessage, readLocalMessages } from '../../../tools/local-netlify/local-messages.mjs';
import { blobsMessageStore, type StoredMessage } from '../../../src/contact/store';
import { valid } from './harness';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'local-messages-'));
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const message = (id: string, fields: Partial<StoredMessage>): StoredMessage => ({
  id,
  receivedAt: id.slice(0, 24),
  status: 'pending',
  attempts: 0,
  message: { ...valid, message: `Message ${id}` },
  ...fields,
});

it('lists pending, sent, failed and older top-level messages newest first, and says why one failed', async () => {
  const server = new BlobsServer({ directory, token: 't', port: 0 });
  const { port } = await server.start();
  try {
    const url = `http://localhost:${port}`;
    const blobs = getStore({
      name: 'contact-messages',
      siteID: '0',
      token: 't',
      edgeURL: url,
      uncachedEdgeURL: url,
      consistency: 'strong',
    });
    const store = blobsMessageStore(blobs);
    await store.add(message('2026-11-22T10:00:00.000Z-aaaaaa', {}));
    await store.file(
      message('2026-11-21T10:00:00.000Z-bbbbbb', { status: 'sent', attempts: 1, sentAt: '2026-11-21T10:00:01.000Z' }),
    );
    await store.file(
      message('2026-11-20T10:00:00.000Z-cccccc', {
        status: 'failed',
        attempts: 1,
        failureReason: 'refused by the mail server: 554 spam',
      }),
    );
    await blobs.setJSON(
      '2026-11-19T10:00:00.000Z-dddddd',
      message('2026-11-19T10:00:00.000Z-dddddd', { status: 'sent', attempts: 1 }),
    );
    await blobs.set('2026-11-18T10:00:00.000Z-eeeeee', '{"id":"cut short');
    // A browser id's marker is not a message.
    await store.markReceived('0d4c2e5a-1b7f-4c1e-9a55-6f0e2d3c4b5a', {
      id: '2026-11-22T10:00:00.000Z-aaaaaa',
      receivedAt: '2026-11-22T10:00:00.000Z',
    });
  } finally {
    await server.stop();
  }

  const records = await readLocalMessages(directory);
  expect(records.map((r: { id: string; status?: string }) => [r.id.slice(0, 10), r.status])).toEqual([
    ['2026-11-22', 'pending'],
    ['2026-11-21', 'sent'],
    ['2026-11-20', 'failed'],
    ['2026-11-19', 'sent'],
    ['2026-11-18', undefined],
  ]);
  const lines = records.flatMap(describeMessage);
  expect(lines).toContain(
    '2026-11-20T10:00:00.000Z  [failed, 1 attempt(s): refused by the mail server: 554 spam]  Ada Lovelace <ada@example.org>, Analytical Looms',
  );
  expect(lines).toContain('2026-11-22T10:00:00.000Z  [pending]  Ada Lovelace <ada@example.org>, Analytical Looms');
  expect(lines).toContain('2026-11-18T10:00:00.000Z-eeeeee  [unreadable entry]');
});

it('reads nothing from a folder that does not exist', async () => {
  expect(await readLocalMessages(join(directory, 'none'))).toEqual([]);
});
