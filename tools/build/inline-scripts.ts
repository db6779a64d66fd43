/**
 * The few scripts pages carry inline instead of loading a file (lite mode's, the after-load one,
 * the field-data sample's, …). Each is a TypeScript module named `*.inline.ts` in its feature's
 * folder, type-checked like the rest; a page imports it with `?inline-script`
 * (`import text from './x.inline.ts?inline-script'`) and gets its bundle, an IIFE, as the text
 * it inlines. The Content Security Policy lists the hash of every such bundle
 * (`inlineScriptHashes`, astro.config.mjs): Astro hashes the scripts it bundles, not inline ones.
 *
 * Both sides bundle with `inlineScript`, so a page's text and the policy's hash agree; the build
 * then keeps, in each page's policy, the hashes of the scripts that page carries
 * (src/security/headers.ts).
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { bundleSync, literals } from './bundle';
import { cspHash, type CspHash } from '../../src/security/csp';
import { routes } from '../../src/model/routes';
import { workerPath } from '../../src/offline/requests';
import { workerSwitchedOff } from '../../src/offline/switch.mjs';

/** The end of an inline script module's name. */
export const inlineScriptSuffix = '.inline.ts';

/** The import query that gives a page an inline script's text. */
const query = '?inline-script';

/** Where the modules are: anywhere under src/. */
const sourceDir = join(dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * Addresses the scripts name, written in rather than imported: importing `routes` would carry the
 * whole table into every page.
 */
const define = literals({
  __MANIFEST_PATH__: routes.manifest,
  __VITALS_SCRIPT_PATH__: routes.vitalsScript,
  __WORKER_PATH__: workerPath,
  // The kill switch (src/offline/switch.mjs): pages then register no worker.
  __WORKER_ON__: !workerSwitchedOff(),
});

/** The text a page inlines for the module `file` (a path or file: URL), and the files it was made from. */
export function inlineScript(file: string | URL): { text: string; inputs: string[] } {
  // Without the "use strict" prologue tsconfig.json's `strict` would add: every page carries these bytes.
  const { text, inputs } = bundleSync(file, {
    format: 'iife',
    define,
    tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
  });
  return { text: text.trimEnd(), inputs };
}

/** Every inline script module of the site. */
export const inlineScriptFiles = (): string[] =>
  readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(inlineScriptSuffix))
    .sort()
    .map((name) => join(sourceDir, name));

/** The policy's hash of every inline script. */
export const inlineScriptHashes = (): CspHash[] => inlineScriptFiles().map((file) => cspHash(inlineScript(file).text));

/** The Vite plugin that answers `?inline-script` imports, in the build and in `astro dev` (where an edit reloads the page). */
export function inlineScripts(): Plugin {
  return {
    name: 'inline-scripts',
    load(id) {
      if (!id.endsWith(query)) return null;
      const file = id.slice(0, -query.length);
      if (!file.endsWith(inlineScriptSuffix))
        throw new Error(
          `${file}: only modules named *${inlineScriptSuffix} are inline scripts (their hashes are listed by name)`,
        );
      const { text, inputs } = inlineScript(file);
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(text)};`;
    },
  };
}
