/**
 * Dependencies that earn their place: what the functions import at run time is in
 * `dependencies`, so a production install (`npm ls --omit=dev`) has it; Netlify's emulation is
 * one major for the adapter's `astro dev` and for `npm start`; `decap-cms` is installed as the
 * prebuilt bundle /admin copies, without the sources it was built from
 * (docs/decisions/0095-the-editor-bundle-without-its-sources.md).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides: Record<string, Record<string, string>>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; name?: string; dependencies?: Record<string, string> }>;
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

  it('install the editor as its prebuilt bundle: what decap-cms declares but never loads is the empty stand-in', () => {
    const decap = lock.packages['node_modules/decap-cms']!;
    // React is the site's own dependency; the bundle carries its own copy of everything else.
    const declared = Object.keys(decap.dependencies ?? {}).filter((name) => !(name in manifest.dependencies));
    expect(declared.length).toBeGreaterThan(0);
    const standIn = 'npm:empty-npm-package@1.0.0';
    const notReplaced = declared.filter((name) => manifest.overrides['decap-cms']?.[name] !== standIn);
    expect(notReplaced, 'add these to "overrides" > "decap-cms" in package.json').toEqual([]);
    const installed = declared.filter((name) => {
      const entry =
        lock.packages[`node_modules/decap-cms/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
      return entry?.name !== 'empty-npm-package';
    });
    expect(installed, 'run npm install to apply the overrides to the lockfile').toEqual([]);
  });
});
