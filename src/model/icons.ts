/**
 * Icon names in content are Lucide's kebab-case names ("flask-conical"), as lucide.dev shows them.
 * Names and drawings come from @iconify-json/lucide: the Lucide set published as one JSON file
 * (its `icons.json` export) for tools that render icons themselves. It is read once per build,
 * on the server; only the icons a page names reach its HTML, and no icon reaches client code.
 *
 * The set also keeps Lucide's former names as aliases ("alert-circle" for "circle-alert"), which
 * content may use, and icons Lucide has removed, marked hidden, which it may not: lucide.dev no
 * longer shows them.
 */
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify-json/lucide';

export const iconPackage = '@iconify-json/lucide';

/** An icon ready to render: its SVG content and the size of its drawing. */
export interface IconDrawing {
  /** The icon's own name, for the `lucide-<name>` class (an alias gives its parent's name). */
  name: string;
  /** The SVG elements of the drawing, without the enclosing <svg>. */
  body: string;
  width: number;
  height: number;
}

/**
 * The presentation attributes every Lucide drawing repeats on its elements, which the enclosing
 * <svg> already sets (ContentIcon.astro): left out of the body, and a <g>
 * left with nothing else unwrapped, they cost a page nothing to inherit.
 */
const inheritedAttributes =
  / (?:fill="none"|stroke="currentColor"|stroke-linecap="round"|stroke-linejoin="round"|stroke-width="2")/g;
export const withoutInheritedAttributes = (body: string) =>
  body
    .replace(inheritedAttributes, '')
    .replace(/^<g>([\s\S]*)<\/g>$/, (whole, inner: string) => (inner.includes('<g') ? whole : inner));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The drawings by every name content may use, from the contents of the package's icons.json.
 * Throws, naming the package, when the file no longer has the shape this code reads, so an update
 * of the package that changes it stops the build with a clear message instead of rendering
 * nothing.
 */
export function readIconSet(data: unknown): Map<string, IconDrawing> {
  const problem = (what: string) =>
    new Error(`${iconPackage}/icons.json no longer has the format src/model/icons.ts reads: ${what}`);
  if (!isRecord(data) || data.prefix !== 'lucide') throw problem('expected an Iconify icon set with prefix "lucide"');
  if (!isRecord(data.icons)) throw problem('expected an "icons" object');
  // Checked above as far as it is read; each icon is checked as it is read below.
  const set = data as unknown as IconifyJSON;
  const drawings = new Map<string, IconDrawing>();
  for (const [name, icon] of Object.entries(set.icons)) {
    if (!isRecord(icon) || typeof icon.body !== 'string') throw problem(`icon "${name}" has no SVG "body"`);
    if (icon.hidden) continue;
    drawings.set(name, {
      name,
      body: withoutInheritedAttributes(icon.body),
      width: icon.width ?? set.width ?? 16,
      height: icon.height ?? set.height ?? 16,
    });
  }
  // An alias names another icon or alias. One that also rotates or flips its parent is left
  // out: Lucide's aliases only rename, and rendering a transformed one is not worth the code.
  const aliases = isRecord(set.aliases) ? set.aliases : {};
  const resolve = (name: string, seen: Set<string>): IconDrawing | undefined => {
    const alias = aliases[name];
    if (drawings.has(name) || !alias || seen.has(name) || Object.keys(alias).some((key) => key !== 'parent')) {
      return drawings.get(name);
    }
    return resolve(alias.parent, seen.add(name));
  };
  for (const name of Object.keys(aliases)) {
    const drawing = resolve(name, new Set());
    if (drawing) drawings.set(name, drawing);
  }
  if (drawings.size === 0) throw problem('it lists no icons');
  return drawings;
}

let lucide: Map<string, IconDrawing> | undefined;

function lucideIcons(): Map<string, IconDrawing> {
  lucide ??= readIconSet(createRequire(import.meta.url)(`${iconPackage}/icons.json`));
  return lucide;
}

export function iconExists(name: string): boolean {
  return lucideIcons().has(name);
}

/** Up to five valid names that share a word with an unknown one, for the editor's message. */
function similarIconNames(name: string): string[] {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);
  return [...lucideIcons().keys()].filter((known) => words.some((word) => known.split('-').includes(word))).slice(0, 5);
}

/** What to tell an editor who named an icon the set does not have. */
export function unknownIconMessage(name: string): string {
  const similar = similarIconNames(name);
  return (
    `"${name}" is not a Lucide icon name; pick one from lucide.dev/icons, written like "flask-conical"` +
    (similar.length ? ` (similar: ${similar.join(', ')})` : '')
  );
}

/** The drawing of an icon named in content. */
export function iconDrawing(name: string): IconDrawing {
  const drawing = lucideIcons().get(name);
  if (!drawing) throw new Error(unknownIconMessage(name));
  return drawing;
}
