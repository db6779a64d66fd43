import type { AstroIntegration } from 'astro';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from './bundle.mjs';
import { workerPath } from './requests';
import { workerSwitchedOff, workerSwitchVariable } from './switch.mjs';

/**
 * The service worker: after the build (the pages written, since the worker carries a hash of
 * them), ./sw.ts and the modules it imports are bundled into dist/sw.js (./bundle.mjs), with the
 * bounds of bench/budgets.json.
 *
 * `SERVICE_WORKER=off` at build time ships the worker that removes itself instead (./switch.mjs).
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
        const off = workerSwitchedOff();
        if (off)
          logger.warn(
            `${workerSwitchVariable}=off: ${workerPath} removes the caches and itself; pages register no worker`,
          );
        const worker = await bundleWorker({
          dist: fileURLToPath(dir).replace(/\/$/, ''),
          budgetsFile: join(projectRoot, budgetsFile),
          off,
        });
        logger.info(
          `${workerPath}: ${(worker.bytes / 1024).toFixed(1)} KB, ${(worker.gzipBytes / 1024).toFixed(1)} KB gzip, ${worker.strategy}, ${worker.build}`,
        );
      },
    },
  };
}
