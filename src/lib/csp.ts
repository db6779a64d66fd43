/**
 * sonner (the contact form's toasts) adds one <style> element with its CSS when it first runs.
 * A Content Security Policy with hashes blocks that unless its hash is listed, so the hash is
 * computed at build time from the installed sonner, and stays right when sonner is updated.
 *
 * sonner inserts the element empty and fills it a moment later, and Chromium checks the empty
 * element too, so the hash of the empty text is allowed as well (an empty style does nothing).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Content Security Policy source for an inline script or style with exactly this text. */
export const cspHash = (text: string): `sha256-${string}` => `sha256-${createHash('sha256').update(text).digest('base64')}`;

export function sonnerStyleHashes(root = process.cwd()): `sha256-${string}`[] {
  return [sonnerStyleHash(root), cspHash('')];
}

export function sonnerStyleHash(root = process.cwd()): `sha256-${string}` {
  const code = readFileSync(join(root, 'node_modules/sonner/dist/index.mjs'), 'utf8');
  const literal = code.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1];
  if (!literal) throw new Error('Could not find the stylesheet sonner injects; update src/lib/csp.ts for this sonner version');
  const css = JSON.parse(literal) as string;
  return cspHash(css);
}
