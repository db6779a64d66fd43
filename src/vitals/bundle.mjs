/**
 * Bundles the field-data script (./client.ts with web-vitals and what it imports)
 * into `<dist>/vitals.js` with esbuild, as the service worker is bundled
 * (src/offline/bundle.mjs). Plain JavaScript, so the build (./integration.ts) and the
 * measurement of the attribution build (`sizeOfBuild`) both call it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { routes } from '../model/routes.ts';

/**
 * Writes `<dist>/vitals.js`; returns its size.
 * @param {{ dist: string, attribution?: boolean }} options `attribution`: web-vitals' attribution
 *   build instead of its standard one (the README says why the site does not use it).
 */
export async function bundleVitals({ dist, attribution = false }) {
  const outfile = join(dist, 'vitals.js');
  await esbuild({
    entryPoints: [fileURLToPath(new URL('./client.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
    // The address alone, rather than the whole table of routes the client would otherwise carry.
    define: { __VITALS_ENDPOINT__: JSON.stringify(routes.vitalsEndpoint) },
    ...(attribution ? { alias: { 'web-vitals': 'web-vitals/attribution' } } : {}),
    outfile,
    logLevel: 'silent',
  });
  const bytes = readFileSync(outfile);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}
