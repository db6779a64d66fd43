import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { bundleVitals } from './bundle.mjs';
import { routes } from '../model/routes';

/**
 * The field-data script: after the build, ./client.ts and web-vitals are bundled into
 * dist/vitals.js (./bundle.mjs). No page links it: the inline script of a sampled page view adds it
 * once the page is idle (./sample.inline.ts). `astro dev` has neither.
 */
export function vitals(): AstroIntegration {
  return {
    name: 'vitals',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const script = await bundleVitals({ dist: fileURLToPath(dir).replace(/\/$/, '') });
        logger.info(
          `${routes.vitalsScript}: ${(script.bytes / 1024).toFixed(1)} KB, ${(script.gzipBytes / 1024).toFixed(1)} KB gzip`,
        );
      },
    },
  };
}
