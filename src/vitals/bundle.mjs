/**
 * Bundles the field-data script (./client.ts with web-vitals and what it imports)
 * into `<dist>/vitals.js` with esbuild, as the service worker is bundled
 * (src/offline/bundle.mjs), through the site's one helper (tools/build/bundle.ts). Plain JavaScript, so the build (./integration.ts) and the
 * measurement of the attribution build (`sizeOfBuild`) both call it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundle, literals } from '../../tools/build/bundle.ts';
import { routes } from '../model/routes.ts';

/**
 * Writes `<dist>/vitals.js`; returns its size.
 * @param {{ dist: string, attribution?: boolean }} options `attribution`: web-vitals' attribution
 *   build instead of its standard one (docs/decisions/0039-field-vitals-from-a-sample.md says why the site does not use it).
 */
export async function bundleVitals({ dist, attribution = false }) {
  const outfile = join(dist, 'vitals.js');
  const code = await bundle(new URL('./client.ts', import.meta.url), {
    // The address alone, rather than the whole table of routes the client would otherwise carry.
    define: literals({ __VITALS_ENDPOINT__: routes.vitalsEndpoint }),
    ...(attribution ? { alias: { 'web-vitals': 'web-vitals/attribution' } } : {}),
  });
  await writeFile(outfile, code);
  const bytes = Buffer.from(code);
  return { bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}
