/**
 * How Markdown bodies become HTML: Astro's own processor (Sätteri), with every body sanitised
 * against an allow-list of elements and attributes. Editors paste text from anywhere; whatever
 * HTML comes with it may format (bold, line breaks, tables) but may not run code, load other
 * pages or send visitors elsewhere: no <script>, no on…= handlers, no <meta http-equiv="refresh">,
 * no <iframe>, <form>, <style> or javascript: links. The Content Security Policy already blocks
 * scripts; the refresh it cannot block, so it must never reach the page.
 *
 * astro.config.mjs and the unit test (tests/unit/markdown.test.ts) use this one processor.
 */
import { satteri, type SatteriProcessorOptions } from '@astrojs/markdown-satteri';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';

/**
 * GitHub's allow-list (hast-util-sanitize's default), with two changes:
 * - `tel:` links are allowed besides web and mail links, for phone numbers.
 * - The text inside <style>, <template> and <noscript> is dropped with the element, as the
 *   default does for <script>, rather than shown as words on the page.
 *
 * The default clobber prefix stays: an `id` or `name` written in raw HTML (and the ARIA
 * references) becomes "user-content-<value>", so an editor's `<img name="querySelector">` or
 * `<a id="config">` can never stand in for `document.querySelector` or a global a page's script
 * reads (DOM clobbering). Links within the same body to such an id (`href="#governing-law"`) are
 * pointed at the prefixed id, so they keep working. Markdown headings get their ids from Astro
 * after this step, unprefixed.
 */
const markdownSchema: Schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), 'tel'] },
  strip: [...(defaultSchema.strip ?? []), 'style', 'template', 'noscript'],
};

const clobberPrefix = defaultSchema.clobberPrefix ?? 'user-content-';

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function eachElement(node: HastNode, visit: (element: HastNode) => void) {
  if (node.type === 'element') visit(node);
  for (const child of node.children ?? []) eachElement(child, visit);
}

/** Points `#x` links at `#user-content-x` where the body has that prefixed id (see above). */
function followPrefixedIds<T extends HastNode>(root: T): T {
  const ids = new Set<string>();
  eachElement(root, (element) => {
    const id = element.properties?.id;
    if (typeof id === 'string' && id.startsWith(clobberPrefix)) ids.add(id);
  });
  if (ids.size === 0) return root;
  eachElement(root, (element) => {
    const href = element.properties?.href;
    if (typeof href !== 'string' || !href.startsWith('#')) return;
    // A fragment with a malformed escape ("#%E0%A4%A") names no id: the link stays as written,
    // rather than stopping the build or the preview.
    let fragment: string;
    try {
      fragment = decodeURIComponent(href.slice(1));
    } catch {
      return;
    }
    const target = `${clobberPrefix}${fragment}`;
    if (ids.has(target)) element.properties!.href = `#${target}`;
  });
  return root;
}

type HastPlugin = NonNullable<SatteriProcessorOptions['hastPlugins']>[number];
type Root = Parameters<typeof sanitize>[0] & { type: 'root' };

/** Replaces each rendered body with its sanitised copy, once the whole tree is built. */
const sanitiseHtml: HastPlugin = {
  name: 'sanitise-html',
  after(root, ctx) {
    // The tree handed over is read-only; sanitize builds a new one from the allowed parts.
    ctx.replaceNode(root, followPrefixedIds(sanitize(root as Root, markdownSchema) as Root & HastNode));
  },
};

/** Astro's Markdown processor for this site: `markdown.processor` in astro.config.mjs. */
export const markdownProcessor = satteri({
  // Raw HTML becomes elements, so the allow-list applies to it tag by tag instead of the
  // sanitiser dropping every raw fragment whole.
  features: { rawHtml: true },
  hastPlugins: [sanitiseHtml],
});
