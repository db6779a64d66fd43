/**
 * The local Blobs proxy (tools/local-netlify/blobs-writes-in-turn.mjs): of many writes of one key
 * at the same moment, each conditional on the key being new, exactly one lands, as on Netlify;
 * writes of other keys and reads pass through unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import { blobsWritesInTurn } from '../../tools/local-netlify/blobs-writes-in-turn.mjs';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'blobs-in-turn-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

it('lets exactly one of many simultaneous writes of a new key land, and passes the rest through', async () => {
  const server = new BlobsServer({ directory, token: 't', port: 0 });
  const { port } = await server.start();
  const direct = `http://localhost:${port}`;
  const env: Record<string, string | undefined> = {
    NETLIFY_BLOBS_CONTEXT: Buffer.from(
      JSON.stringify({ edgeURL: direct, uncachedEdgeURL: direct, siteID: '0', token: 't', primaryRegion: 'x' }),
    ).toString('base64'),
  };
  const proxy = await blobsWritesInTurn(env);
  try {
    const context = JSON.parse(Buffer.from(env.NETLIFY_BLOBS_CONTEXT!, 'base64').toString('utf8'));
    expect(context.edgeURL).not.toBe(direct);
    const store = getStore({
      name: 'messages',
      siteID: '0',
      token: 't',
      edgeURL: context.edgeURL,
      uncachedEdgeURL: context.uncachedEdgeURL,
      consistency: 'strong',
    });
    for (let round = 0; round < 5; round++) {
      const key = `received/${round}`;
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => store.setJSON(key, { writer: i }, { onlyIfNew: true })),
      );
      const landed = results.filter((r) => r.modified && r.etag);
      expect(landed).toHaveLength(1);
      // The one stored is the one told it landed.
      const stored = (await store.getWithMetadata(key, { type: 'json' }))!;
      expect(results.indexOf(landed[0]!)).toBe((stored.data as { writer: number }).writer);
    }
    // Other keys, reads, lists and deletes as without the proxy.
    await Promise.all(['a', 'b', 'c'].map((key) => store.setJSON(`other/${key}`, { key })));
    expect((await store.list({ prefix: 'other/' })).blobs.map((b) => b.key).sort()).toEqual([
      'other/a',
      'other/b',
      'other/c',
    ]);
    await store.delete('other/a');
    expect(await store.get('other/a')).toBeNull();
    expect(await store.get('other/b', { type: 'json' })).toEqual({ key: 'b' });
  } finally {
    await proxy.close();
    await server.stop();
  }
});
