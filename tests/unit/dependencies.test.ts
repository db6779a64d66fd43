/**
 * Dependencies that earn their place: what the functions import at run time is in
 * `dependencies`, so a production install (`npm ls --omit=dev`) has it; Netlify's emulation is
 * one major for the adapter's `astro dev` and for `npm start`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('the dependencies', () => {
  it('hold every package the functions import, outside devDependencies', async () => {
    const entryPoints = readdirSync('netlify/functions').map((name) => `netlify/functions/${name}`);
    const { metafile } = await build({
      entryPoints,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      outdir: 'functions-out',
      logLevel: 'silent',
    });
    const imported = new Set(
      Object.values(metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && !i.path.startsWith('node:'))
        .map((i) => packageOf(i.path)),
    );
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });

  it('run one major of Netlify’s emulation', () => {
    const majors = new Set(
      Object.entries(lock.packages)
        .filter(([path]) => path.endsWith('node_modules/@netlify/dev'))
        .map(([, entry]) => entry.version?.split('.')[0]),
    );
    expect([...majors]).toHaveLength(1);
  });
});
