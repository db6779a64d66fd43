/**
 * `astro dev`'s look at the content folder every second (tools/content-check/integration.ts): each
 * entry file that is new or changed since the last look is reported to the file watcher once more,
 * so an entry whose first report was missed, or read before the file was whole, still reaches the
 * site; a file that has not changed is not reported again.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { checkInDev } from '../../tools/content-check/integration';

let root = '';
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'content-dev-'));
  mkdirSync(join(root, 'src/content/products/images'), { recursive: true });
  writeFileSync(join(root, 'src/content/products/first.md'), '---\nname: First\n---\n');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(root, { recursive: true, force: true });
});

/** A dev server with what the check uses of it: its watcher's reports are recorded. */
function devServer() {
  const watcher = new EventEmitter();
  const reported: string[] = [];
  watcher.on('change', (path: string) => reported.push(path.slice(root.length + 1)));
  const server = {
    watcher,
    ws: { send: () => undefined },
    middlewares: { use: () => undefined },
    httpServer: null,
    config: { logger: { error: () => undefined } },
  };
  return { server: server as unknown as ViteDevServer, reported };
}

it('reports a new or changed entry file once more within a second, and nothing that did not change', async () => {
  const { server, reported } = devServer();
  checkInDev(server, root);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(reported).toEqual([]);

  const added = join(root, 'src/content/products/second.md');
  writeFileSync(added, '---\nname: Second\n---\n');
  writeFileSync(join(root, 'src/content/products/images/second.webp'), 'a picture');
  await vi.advanceTimersByTimeAsync(1_000);
  expect(reported).toEqual(['src/content/products/second.md']);

  await vi.advanceTimersByTimeAsync(3_000);
  expect(reported).toHaveLength(1);

  writeFileSync(added, '---\nname: Second, renamed\n---\n');
  utimesSync(added, new Date(), new Date(Date.now() + 5_000));
  await vi.advanceTimersByTimeAsync(1_000);
  expect(reported).toEqual(['src/content/products/second.md', 'src/content/products/second.md']);
});
