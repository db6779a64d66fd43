// @vitest-environment happy-dom
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cspHash, sonnerInjectedStyles, sonnerStyleHashes } from '../../src/lib/csp';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project folder whose `sonner` is the given module text. */
function projectWithSonner(moduleText: string): string {
  const root = mkdtempSync(join(tmpdir(), 'csp-sonner-'));
  roots.push(root);
  mkdirSync(join(root, 'node_modules/sonner'), { recursive: true });
  writeFileSync(join(root, 'node_modules/sonner/package.json'), JSON.stringify({ name: 'sonner', type: 'module', exports: './index.js' }));
  writeFileSync(join(root, 'node_modules/sonner/index.js'), moduleText);
  return root;
}

describe("the policy's hashes for sonner's stylesheet", () => {
  it('records the stylesheet the installed sonner adds, and allows it and the empty element it starts as', () => {
    const [style, ...others] = sonnerInjectedStyles();
    expect(others).toEqual([]);
    expect(style!.whenAdded).toBe('');
    expect(style!.loaded).toContain('[data-sonner-toaster]');
    expect(sonnerStyleHashes()).toEqual([cspHash(''), cspHash(style!.loaded)]);
  });

  it('records exactly the text sonner leaves in a real DOM, whose hash the browser checks', async () => {
    // happy-dom stands in for the browser here; the end-to-end CSP test checks Chromium itself.
    await import('sonner');
    const inPage = [...document.head.querySelectorAll('style')].map((element) => element.textContent);
    expect(inPage).toEqual(sonnerInjectedStyles().map((style) => style.loaded));
  });

  it('follows how a sonner version adds its style, and lists each text once', () => {
    const root = projectWithSonner(
      `const style = document.createElement('style'); style.textContent = '[data-sonner-toaster]{position:fixed}'; document.head.appendChild(style);`,
    );
    expect(sonnerStyleHashes(root)).toEqual([cspHash('[data-sonner-toaster]{position:fixed}')]);
  });

  it('fails with a clear message when a sonner version adds no stylesheet', () => {
    const root = projectWithSonner('export const toast = () => {};');
    expect(() => sonnerStyleHashes(root)).toThrow(/^sonner added no stylesheet for its toasts when loaded \(src\/lib\/csp\.ts\)/);
  });

  it('fails with a clear message when sonner cannot be loaded', () => {
    const root = mkdtempSync(join(tmpdir(), 'csp-no-sonner-'));
    roots.push(root);
    expect(() => sonnerStyleHashes(root)).toThrow(/^Could not load sonner to record the stylesheet it adds \(src\/lib\/csp\.ts\): .*sonner/s);
  });
});
