/**
 * Hashes for the Content Security Policy (astro.config.mjs lists them in the policy every page is
 * served with as a header; src/security/headers.ts).
 *
 * sonner (the contact form's toasts) adds one <style> element with its CSS when its module first
 * runs in a browser. A policy with hashes blocks that element unless its text's hash is listed.
 * Why the policy names a recorded hash:
 *
 * - sonner 2 has no public way to leave the element out: its package exports only its module
 *   and `dist/styles.css`, `unstyled` only drops class names, and the element is added when the
 *   module loads. Shipping `dist/styles.css` ourselves would leave that element blocked, which
 *   the browser reports as a violation.
 * - That published stylesheet holds the same rules written differently (formatted, another
 *   selector order), so its hash is not the one the browser checks.
 * - A nonce needs a server answering each request; these pages are static files.
 *
 * So the hashes below are the ones Chromium asks for when a toast shows under the policy
 * (tests/e2e/csp.spec.ts shows one, checks there is no violation and prints the hashes of the
 * page's <style> elements), recorded for the sonner version in package-lock.json; a unit test
 * (tests/unit/csp.test.ts) fails when another version is installed, until its hashes are recorded
 * here. sonner adds the element empty and fills it a moment later, and Chromium checks the
 * empty element too, so the empty text is allowed as well (an empty style does nothing).
 */
import { createHash } from 'node:crypto';

export type CspHash = `sha256-${string}`;

/** The Content Security Policy source for an inline script or style with exactly this text. */
export const cspHash = (text: string): CspHash => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The <style> text sonner adds, as hashes, for the version they were recorded with. */
export const sonnerStyle = {
  version: '2.0.8',
  hashes: [
    // The element as sonner adds it, before its text.
    cspHash(''),
    // Its text: sonner's stylesheet.
    'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=',
  ] as CspHash[],
};
