/**
 * The pages rendered on demand (the contact form with a query, search results) render with
 * React's production build on Netlify as they do at build time.
 *
 * By default the server bundle imports React from node_modules, and React chooses its build when
 * it is first imported, from `process.env.NODE_ENV` at that moment. A Netlify function runs with
 * no NODE_ENV, so React would take its development build there: slower, with warnings in the
 * function's log. This plugin bundles React into the server's build with the build's NODE_ENV
 * written in ("production"), so the choice is made at build time. Every package of the site
 * that imports React (sonner, the renderer) is bundled with it: one left outside would load a
 * second React from node_modules, and hooks fail across two copies. The browser's build already
 * has production React; `astro dev` is left as it is.
 * docs/decisions/0096-react-production-build-on-the-server.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** React's own packages (a package name matches its subpaths too, `react/jsx-runtime`). */
const react = ['react', 'react-dom', 'scheduler'];

/**
 * The packages bundled into the server's build: React's, and each of the project's
 * `dependencies` that imports React (declares it as a dependency or peer).
 */
export function reactPackages(projectRoot: string): string[] {
  const manifest = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
  const project = manifest(join(projectRoot, 'package.json'));
  // Read where npm installs a dependency, not resolved: a package's exports may not offer its package.json.
  const importsReact = (name: string) => {
    const { dependencies = {}, peerDependencies = {} } = manifest(
      join(projectRoot, 'node_modules', name, 'package.json'),
    );
    return react.some((name) => name in dependencies || name in peerDependencies);
  };
  return [
    ...react,
    ...Object.keys(project.dependencies ?? {}).filter((name) => !react.includes(name) && importsReact(name)),
  ];
}

export function productionReactOnServer(): Plugin {
  let root = process.cwd();
  return {
    name: 'production-react-on-server',
    apply: 'build',
    config(config) {
      if (config.root) root = config.root;
    },
    configEnvironment(name, options) {
      // The browser's build; every other environment (the server's, the prerenderer's) runs in Node.
      if (name === 'client' || options.consumer === 'client') return;
      return {
        resolve: { noExternal: reactPackages(root) },
        // The build's own NODE_ENV ("production", which `astro build` sets when none is given):
        // the JSX of the site's components is compiled for it, and must meet the same React.
        define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
      };
    },
  };
}
