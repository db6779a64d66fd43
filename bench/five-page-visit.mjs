/**
 * The five-page visit of the slow-link issue, and the link and phone it is measured on: one
 * definition for both measurements of it, `npm run bench -- --low-bandwidth` (the budgets, through
 * DevTools' emulation: bench/low-bandwidth.mjs) and `npm run bench -- --visit` (the
 * choices, through a local link every request crosses, the service worker's too:
 * bench/visit.mjs).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { categoryPath, itemPath, routes } from '../src/model/routes.ts';

/** The worst connection the issue names: 300 ms round trip, 250 kbit/s each way, the CPU 4x slower. */
export const slowLink = { rttMs: 300, kbps: 250, cpuSlowdown: 4 };

/** A phone at 390 px: the browser context both measurements open. */
export const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * Home, /products, a category, one of its items, /contact, read from the content: the first
 * category (by folder name) with an item picture, and its first item with a picture (by order,
 * then name), so the visit shows what product pictures cost.
 */
export function fivePageVisit(project = process.cwd()) {
  const root = join(project, 'src/content/products');
  const frontmatter = (file) => parseYaml(readFileSync(file, 'utf8').split(/^---$/m)[1] ?? '') ?? {};
  const categories = readdirSync(root)
    .filter((name) => !name.includes('.'))
    .sort();
  const withPicture = categories
    .map((category) => ({
      category,
      items: readdirSync(join(root, category))
        .filter((name) => name.endsWith('.md'))
        .map((name) => ({ slug: name.replace(/\.md$/, ''), ...frontmatter(join(root, category, name)) })),
    }))
    .find(({ items }) => items.some((item) => item.image));
  const item = withPicture.items
    .filter((entry) => entry.image)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a.slug.localeCompare(b.slug))[0];
  return [
    routes.home,
    routes.products,
    categoryPath(withPicture.category),
    itemPath(withPicture.category, item.slug),
    routes.contact,
  ];
}
