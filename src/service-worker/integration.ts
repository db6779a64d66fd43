import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { eachLimited } from '../lib/each-limited';
import { workerPath } from '../lib/offline/requests';

/**
 * The service worker: after the build, ./sw.ts and the modules it imports (src/lib/offline and
 * whatever else of src/lib it needs) are bundled by esbuild into dist/sw.js, with
 *
 * - the build's identity: a hash of every page the build wrote, so a deploy that changes a page
 *   gives the browser a new worker, and the kept copies of the earlier build are refreshed from
 *   the network on their next navigation;
 * - the bounds of its caches, from bench/budgets.json (`serviceWorker.cache`).
 *
 * `astro dev` has no worker (the layout registers it in production builds only), so an editor
 * always sees the files as they are.
 */
export function serviceWorker({ budgetsFile = 'bench/budgets.json' } = {}): AstroIntegration {
  let projectRoot = process.cwd();
  return {
    name: 'service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        projectRoot = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const limits = await workerLimits(join(projectRoot, budgetsFile));
        const build = await buildIdentity(root);
        const outfile = join(root, workerPath.slice(1));
        await esbuild({
          entryPoints: [fileURLToPath(new URL('./sw.ts', import.meta.url))],
          bundle: true,
          minify: true,
          format: 'iife',
          target: 'es2022',
          legalComments: 'none',
          define: { __BUILD__: JSON.stringify(build), __LIMITS__: JSON.stringify(limits) },
          outfile,
          logLevel: 'silent',
        });
        const bytes = await readFile(outfile);
        logger.info(`${workerPath}: ${(bytes.length / 1024).toFixed(1)} KB, ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzip, build ${build}`);
      },
    },
  };
}

export interface WorkerLimits {
  pages: number;
  images: number;
  assets: number;
  deployTimeoutMs: number;
}

/** The worker's bounds, from bench/budgets.json. */
export async function workerLimits(budgetsFile: string): Promise<WorkerLimits> {
  const { serviceWorker } = JSON.parse(await readFile(budgetsFile, 'utf8'));
  const { cache, deployTimeoutMs } = serviceWorker;
  const limits = { pages: cache.pages.max, images: cache.images.max, assets: cache.assets.max, deployTimeoutMs: deployTimeoutMs.max };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${budgetsFile}: serviceWorker ${name} must be a whole number above 0, not ${value}`);
  }
  return limits;
}

/** "build:" and a hash of every page of the build (the HTML files; /admin is not a page of the site). */
async function buildIdentity(root: string): Promise<string> {
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html') && !file.startsWith('admin')).sort();
  const digests = new Array<string>(files.length);
  await eachLimited(
    files.map((file, index) => ({ file, index })),
    16,
    async ({ file, index }) => {
      if ((await stat(join(root, file))).isFile()) digests[index] = `${file}:${createHash('sha256').update(await readFile(join(root, file))).digest('base64')}`;
    },
  );
  return `build:${createHash('sha256').update(digests.join('\n')).digest('base64url').slice(0, 12)}`;
}
