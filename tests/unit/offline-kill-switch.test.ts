/**
 * The service worker's kill switch (src/offline/switch.mjs): with SERVICE_WORKER=off the build's
 * /sw.js takes over at once, deletes every cache and unregisters itself, answering no request;
 * and the pages' script registers no worker.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleWorker } from '../../src/offline/bundle.mjs';
import { workerSwitchedOff } from '../../src/offline/switch.mjs';
import { bundleSync, literals } from '../../tools/build/bundle';

describe('the kill switch', () => {
  it('is read from SERVICE_WORKER: off, on or unset; anything else stops the build', () => {
    expect(workerSwitchedOff({})).toBe(false);
    expect(workerSwitchedOff({ SERVICE_WORKER: 'on' })).toBe(false);
    expect(workerSwitchedOff({ SERVICE_WORKER: ' OFF ' })).toBe(true);
    expect(() => workerSwitchedOff({ SERVICE_WORKER: 'of' })).toThrow(/SERVICE_WORKER is "of"/);
  });

  it('ships a worker that deletes every cache and unregisters itself, and answers no request', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'sw-off-'));
    try {
      await bundleWorker({ dist, budgetsFile: 'bench/budgets.json', off: true });
      const code = readFileSync(join(dist, 'sw.js'), 'utf8');
      const handlers = new Map<string, (event: unknown) => void>();
      const kept = new Set(['pages-build:abc', 'images', 'assets', 'offline']);
      const done: string[] = [];
      const self = {
        addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
        skipWaiting: async () => done.push('skipWaiting'),
        registration: { unregister: async () => done.push(`unregister with ${kept.size} caches left`) },
      };
      const caches = { keys: async () => [...kept], delete: async (name: string) => kept.delete(name) };
      runInNewContext(code, { self, caches });
      expect([...handlers.keys()].sort()).toEqual(['activate', 'install']);
      handlers.get('install')!({});
      let finished: Promise<unknown> = Promise.resolve();
      handlers.get('activate')!({ waitUntil: (promise: Promise<unknown>) => (finished = promise) });
      await finished;
      expect(done).toEqual(['skipWaiting', 'unregister with 0 caches left']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("keeps the pages' script from registering a worker", () => {
    const script = (on: boolean) =>
      bundleSync(new URL('../../src/offline/after-load.inline.ts', import.meta.url), {
        format: 'iife',
        define: literals({ __MANIFEST_PATH__: '/site.webmanifest', __WORKER_PATH__: '/sw.js', __WORKER_ON__: on }),
      }).text;
    const run = (on: boolean) => {
      const registered: string[] = [];
      let load = () => {};
      runInNewContext(script(on), {
        addEventListener: (_: string, handler: () => void) => (load = handler),
        setTimeout: (callback: () => void) => callback(),
        document: {
          createElement: () => ({}),
          head: { append: () => {} },
          documentElement: { hasAttribute: () => false },
        },
        navigator: { serviceWorker: { register: (path: string) => (registered.push(path), new Promise(() => {})) } },
      });
      load();
      return registered;
    };
    expect(run(true)).toEqual(['/sw.js']);
    expect(run(false)).toEqual([]);
  });
});
