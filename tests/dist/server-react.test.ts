/**
 * The function of the pages rendered on demand renders with React's production build whatever
 * NODE_ENV it runs with (tools/build/production-react.ts): React, and every package that imports
 * it, is in the function's own code, not imported from node_modules at run time, and only its
 * production build is there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { reactPackages } from '../../tools/build/production-react';

const root = process.cwd();
/** The function @astrojs/netlify builds for the pages rendered on demand: its entry and chunks. */
const server = join(root, '.netlify/v1/functions/ssr/.netlify/build');
const files = readdirSync(server, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => ({ file, code: readFileSync(join(server, file), 'utf8') }));

/** The package a bare import names: `react` for `react/jsx-runtime`, `@astrojs/react` for its subpaths. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

it("imports no React package from node_modules at run time: React is in the function's code", () => {
  const react = new Set(reactPackages(root));
  const imported = files.flatMap(({ file, code }) =>
    [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g)]
      .map((match) => packageOf(match[1]!))
      .filter((name) => react.has(name))
      .map((name) => `${file}: ${name}`),
  );
  expect(imported).toEqual([]);
  expect(files.some(({ code }) => code.includes('renderToReadableStream'))).toBe(true);
});

it("carries React's production build, none of its development build", () => {
  // The bundler names each module it takes in a comment: React's entry points choose between its
  // cjs/*.production.js and cjs/*.development.js files by NODE_ENV.
  const modules = new Set(
    files.flatMap(({ code }) => [...code.matchAll(/node_modules\/(?:react|react-dom|scheduler)\/cjs\/[\w.-]+\.js/g)].map((m) => m[0])),
  );
  expect([...modules].filter((module) => module.endsWith('.development.js'))).toEqual([]);
  expect(modules).toContain('node_modules/react/cjs/react.production.js');
  expect(modules).toContain('node_modules/react-dom/cjs/react-dom-server.node.production.js');
});
