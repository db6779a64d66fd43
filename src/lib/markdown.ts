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
 * GitHub's allow-list (hast-util-sanitize's default), with three changes:
 * - `id`, `name` and the ARIA references keep the values written: the default prefixes them with
 *   "user-content-", which would break links to a section (#governing-law) written in raw HTML.
 *   Markdown headings get their ids from Astro after this step, so those are untouched anyway.
 * - `tel:` links are allowed besides web and mail links, for phone numbers.
 * - The text inside <style>, <template> and <noscript> is dropped with the element, as the
 *   default does for <script>, rather than shown as words on the page.
 */
const markdownSchema: Schema = {
  ...defaultSchema,
  clobber: [],
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), 'tel'] },
  strip: [...(defaultSchema.strip ?? []), 'style', 'template', 'noscript'],
};

type HastPlugin = NonNullable<SatteriProcessorOptions['hastPlugins']>[number];
type Root = Parameters<typeof sanitize>[0] & { type: 'root' };

/** Replaces each rendered body with its sanitised copy, once the whole tree is built. */
const sanitiseHtml: HastPlugin = {
  name: 'sanitise-html',
  after(root, ctx) {
    // The tree handed over is read-only; sanitize builds a new one from the allowed parts.
    ctx.replaceNode(root, sanitize(root as Root, markdownSchema) as Root);
  },
};

/** Astro's Markdown processor for this site: `markdown.processor` in astro.config.mjs. */
export const markdownProcessor = satteri({
  // Raw HTML becomes elements, so the allow-list applies to it tag by tag instead of the
  // sanitiser dropping every raw fragment whole.
  features: { rawHtml: true },
  hastPlugins: [sanitiseHtml],
});
