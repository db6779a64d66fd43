/**
 * The built pages carry each inline module's bundle (src/build/inline-scripts.ts) exactly as the
 * build made it, so the hash the policy lists for it matches the text the browser runs.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { expect, it } from 'vitest';
import { inlineScript, inlineScriptFiles } from '../../tools/build/inline-scripts';
import { htmlElements } from '../../src/text/html-elements';
import { builtFiles } from '../support/site';

it('every inline module is carried by the built pages exactly as bundled', () => {
  const carried = new Set<string>();
  for (const file of builtFiles())
    for (const script of htmlElements(readFileSync(file, 'utf8'), ['script']))
      if (!script.attributes.src) carried.add(script.text);
  // Not in every build: the contact form's focus script is only in the page rendered on demand
  // (src/pages/contact/form.astro), the documents' order only on item pages with documents in several languages.
  const conditional = ['focus-first-empty-field', 'document-order'];
  const modules = inlineScriptFiles().filter((file) => !conditional.some((name) => file.includes(name)));
  expect(modules.length).toBeGreaterThan(0);
  for (const file of modules) expect(carried.has(inlineScript(file).text), relative(process.cwd(), file)).toBe(true);
});
