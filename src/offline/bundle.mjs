/**
 * Bundles the service worker (./sw.ts and what it imports) into `<dist>/sw.js` with
 * esbuild, with its settings written in:
 *
 * - the build's identity: "build:" and a hash of every page the build wrote, so a deploy that
 *   changes a page gives the browser a new worker, and the copies kept by the earlier build are
 *   fetched again on their next navigation;
 * - the bounds of its caches and the deploy timeout, from bench/budgets.json (`serviceWorker`);
 * - how a kept page is answered (`strategy`): stale-while-revalidate, the site's choice, or
 *   network first with a timeout, which `npm run bench -- --visit` measures against it.
 *
 * Plain JavaScript, so the build (./integration.ts) and the benchmarks (bench/visit.mjs)
 * both call it; esbuild's options are the site's one helper's (tools/build/bundle.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundle, literals } from '../../tools/build/bundle.ts';

/** @typedef {'stale-while-revalidate' | 'network-first'} Strategy */

/** How the site's worker answers a page it has kept (docs/decisions/0033-service-worker-stale-while-revalidate.md). */
export const siteStrategy = /** @type {Strategy} */ ('stale-while-revalidate');

/** With `network-first`: how long a navigation waits for the network before it shows the kept copy. */
export const networkFirstTimeoutMs = 3000;

/**
 * The worker's settings, from bench/budgets.json (`serviceWorker`).
 * @param {string} budgetsFile
 * @param {Strategy} strategy
 */
export async function workerSettings(budgetsFile, strategy = siteStrategy) {
  const { serviceWorker } = JSON.parse(await readFile(budgetsFile, 'utf8'));
  const { cache, deployTimeoutMs } = serviceWorker;
  const bounds = {
    pages: cache.pages.max,
    images: cache.images.max,
    assets: cache.assets.max,
    deployTimeoutMs: deployTimeoutMs.max,
  };
  for (const [name, value] of Object.entries(bounds)) {
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${budgetsFile}: serviceWorker ${name} must be a whole number above 0, not ${value}`);
  }
  return { ...bounds, networkTimeoutMs: strategy === 'network-first' ? networkFirstTimeoutMs : 0 };
}

/**
 * "build:" and a hash of every page of the build in `dist` (its HTML files; /admin is not a page of the site).
 * @param {string} dist
 */
export async function buildIdentity(dist) {
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.slice(dist.length + 1).startsWith('admin'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.slice(dist.length)}\n`).update(await readFile(file));
  return `build:${hash.digest('base64url').slice(0, 12)}`;
}

/**
 * Writes `<dist>/sw.js`; returns its build identity and size. With `off` (the kill switch,
 * ./switch.mjs), the worker that removes itself and the caches.
 * @param {{ dist: string, budgetsFile: string, strategy?: Strategy, off?: boolean }} options
 */
export async function bundleWorker({ dist, budgetsFile, strategy = siteStrategy, off = false }) {
  if (off) {
    const code = await bundle(new URL('./sw-remove.ts', import.meta.url));
    await writeFile(join(dist, 'sw.js'), code);
    const bytes = Buffer.from(code);
    return { build: 'removal', strategy: 'none', bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  }
  const settings = await workerSettings(budgetsFile, strategy);
  const build = await buildIdentity(dist);
  const outfile = join(dist, 'sw.js');
  const code = await bundle(new URL('./sw.ts', import.meta.url), {
    define: literals({ __BUILD__: build, __SETTINGS__: settings }),
  });
  await writeFile(outfile, code);
  const bytes = Buffer.from(code);
  return { build, strategy, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}
