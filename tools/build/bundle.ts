/**
 * The one way the site bundles code for the browser with esbuild: the service worker
 * (src/offline/bundle.mjs), the field-data script (src/vitals/bundle.mjs), the editor's scripts
 * (src/cms/integration.ts) and every
 * inline script (./inline-scripts.ts). Here rather than in one
 * of those features' folders because all of them use it, and only at build time (in the build,
 * the benches and the tests, never in a page or a function).
 *
 * Plain TypeScript whose imports Node resolves as they are, so the benches' plain Node scripts
 * (bench/visit.mjs, through src/offline/bundle.mjs) can run it.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildSync, type BuildOptions } from 'esbuild';

/** What a bundle may set besides the shared options: its format, the build-time values it reads, aliases. */
export type BundleOptions = Pick<BuildOptions, 'format' | 'define' | 'alias' | 'tsconfigRaw' | 'external'>;

/** Every bundle: minified, for the browsers the site supports, without licence comments (the files' own). */
const shared = {
  bundle: true,
  minify: true,
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'silent',
  write: false,
} as const;

/** `define`'s values are code: each value given here is written in as a JSON literal. */
export const literals = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, JSON.stringify(value)]));

/** The bundle of `entry` (a file path or file: URL) and what imports it, as text. */
export async function bundle(
  entry: string | URL,
  { format = 'iife', ...options }: BundleOptions = {},
): Promise<string> {
  const result = await build({ ...shared, ...options, format, entryPoints: [pathOf(entry)] });
  return result.outputFiles[0]!.text;
}

/**
 * The same, synchronously, with the files it read (absolute paths): for inline scripts, which Vite's plugin hooks
 * and the configuration need at once.
 */
export function bundleSync(
  entry: string | URL,
  { format = 'iife', ...options }: BundleOptions = {},
): { text: string; inputs: string[] } {
  const result = buildSync({ ...shared, ...options, format, entryPoints: [pathOf(entry)], metafile: true });
  return {
    text: result.outputFiles[0]!.text,
    inputs: Object.keys(result.metafile.inputs).map((input) => resolve(input)),
  };
}

// By its address, not `instanceof URL`: a test's DOM may bring a URL class of its own.
const pathOf = (entry: string | URL) => (typeof entry === 'string' ? entry : fileURLToPath(entry.href));
