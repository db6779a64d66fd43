/**
 * The inline scripts (tools/build/inline-scripts.ts): each `*.inline.ts` module is bundled into one
 * function run at once, and the policy lists the hash of that bundle. That the built pages carry
 * the bundles as they are is checked over dist/ (tests/dist/inline-scripts.test.ts).
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScript, inlineScriptFiles, inlineScriptHashes } from '../../tools/build/inline-scripts';
import { cspHash } from '../../src/security/csp';

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
});
