/**
 * The inline scripts (src/build/inline-scripts.ts): each `*.inline.ts` module's bundle is the text
 * pages carry, and the policy lists the hash of that same text. The built pages are read when
 * there is a build (dist/): `npm test` runs the unit tests before it builds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScript, inlineScriptFiles, inlineScriptHashes } from '../../src/build/inline-scripts';
import { cspHash } from '../../src/security/csp';
import { htmlElements } from '../../src/text/html-elements';

const files = inlineScriptFiles();
const texts = new Map(files.map((file) => [relative(process.cwd(), file), inlineScript(file).text]));

describe('inline scripts', () => {
  it('are the modules named *.inline.ts, each one function run at once, without a strict-mode prologue', () => {
    expect(texts.size).toBeGreaterThanOrEqual(8);
    for (const [file, text] of texts) {
      expect(text, file).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
      expect(text, file).not.toContain('use strict');
    }
  });

  it('are listed in the policy by the hash of their bundle', () => {
    expect(inlineScriptHashes()).toEqual([...texts.values()].map(cspHash));
  });

  const dist = join(process.cwd(), 'dist');
  it.skipIf(!existsSync(join(dist, 'index.html')))('are carried by the built pages exactly as bundled', () => {
    const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.html') && !name.startsWith('admin'),
    );
    const carried = new Set<string>();
    for (const page of pages) {
      for (const script of htmlElements(readFileSync(join(dist, page), 'utf8'), ['script']))
        if (!script.attributes.src) carried.add(script.text);
    }
    // Not in every build: the contact form's focus script is only in the page rendered on demand
    // (src/pages/contact/form.astro), the documents' order only on item pages with documents in several languages.
    const conditional = ['focus-first-empty-field', 'document-order'];
    for (const [file, text] of texts)
      if (!conditional.some((name) => file.includes(name))) expect(carried.has(text), file).toBe(true);
  });
});
