/**
 * Hashes for the Content Security Policy (astro.config.mjs lists them in its `<meta>` tag).
 *
 * sonner (the contact form's toasts) adds one <style> element with its CSS when its module first
 * runs in a browser. A policy with hashes blocks that element unless its text's hash is listed.
 * How the build finds that text, and why this way:
 *
 * - sonner 2 has no public way to leave the element out (`unstyled` only drops its class names;
 *   the element is added when the module loads), so shipping its stylesheet ourselves would not
 *   stop it being added.
 * - The stylesheet sonner publishes, `sonner/dist/styles.css`, holds the same rules minified
 *   differently from the text it adds, so that file's hash is not the one the browser checks.
 * - So the build loads sonner's public entry (`import 'sonner'`, the module the contact form's
 *   script bundles) in a separate Node process, with a minimal stand-in `document`, and records
 *   the text of every <style> it adds to the head: the same bytes the browser gets, however
 *   sonner's own build writes them, without reading sonner's files.
 *
 * sonner adds the element empty and fills it a moment later, and Chromium checks the empty
 * element too, so the text an element had when it was added is allowed as well (an empty style
 * does nothing).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';

export type CspHash = `sha256-${string}`;

/** The Content Security Policy source for an inline script or style with exactly this text. */
export const cspHash = (text: string): CspHash => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/**
 * Runs in its own Node process: a document with just what a script needs to add a <style> to
 * the head (createElement, createTextNode, head with appendChild/insertBefore/append/prepend,
 * textContent), then `import('sonner')`. Prints the styles added, as JSON: each one's text when
 * it was added to the head, and its text once the module had loaded.
 */
const recordInjectedStyles = `
const text = (node) => node.data ?? node.childNodes.map(text).join('');
class Element {
  constructor(tagName) { this.tagName = tagName.toUpperCase(); this.childNodes = []; this.attributes = {}; this.style = {}; }
  appendChild(child) { this.childNodes.push(child); this.added?.(child); return child; }
  insertBefore(child) { return this.appendChild(child); }
  append(...children) { children.forEach((child) => this.appendChild(typeof child === 'string' ? { data: child } : child)); }
  prepend(...children) { this.append(...children); }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  get textContent() { return text(this); }
  set textContent(value) { this.childNodes = [{ data: String(value) }]; }
  set innerHTML(value) { this.textContent = value; }
}
const head = new Element('head');
const styles = [];
head.added = (element) => { if (element.tagName === 'STYLE') styles.push({ element, whenAdded: element.textContent }); };
globalThis.document = {
  head,
  createElement: (tagName) => new Element(tagName),
  createTextNode: (data) => ({ data: String(data) }),
  getElementsByTagName: (tagName) => (tagName.toLowerCase() === 'head' ? [head] : []),
  querySelector: (selector) => (selector === 'head' ? head : null),
};
await import('sonner');
process.stdout.write(JSON.stringify(styles.map(({ element, whenAdded }) => ({ whenAdded, loaded: element.textContent }))));
`;

export interface InjectedStyle {
  /** The element's text at the moment it was added to the head. */
  whenAdded: string;
  /** Its text once sonner's module had loaded. */
  loaded: string;
}

/** The <style> elements sonner adds when it loads in a page, as a browser would get them. */
export function sonnerInjectedStyles(root = process.cwd()): InjectedStyle[] {
  let output: string;
  try {
    output = execFileSync(process.execPath, ['--input-type=module', '--eval', recordInjectedStyles], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not load sonner to record the stylesheet it adds (src/lib/csp.ts): ${stderr || String(error)}`);
  }
  return JSON.parse(output) as InjectedStyle[];
}

/** The hashes the contact page's policy needs for sonner's stylesheet. */
export function sonnerStyleHashes(root = process.cwd()): CspHash[] {
  const styles = sonnerInjectedStyles(root);
  if (!styles.some((style) => style.loaded.includes('[data-sonner-toaster]'))) {
    throw new Error(
      'sonner added no stylesheet for its toasts when loaded (src/lib/csp.ts): this sonner version adds its CSS ' +
        'another way, or not at all; find out how, and list what the browser then needs in the Content Security Policy',
    );
  }
  return [...new Set(styles.flatMap((style) => [style.whenAdded, style.loaded]))].map(cspHash);
}
