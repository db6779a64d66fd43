/**
 * /portfolio/{slug} is an older address of each product category page. Both Netlify and the local
 * server read `_redirects` in the published folder, so the build writes one permanent redirect per
 * category there, derived from the category files: a new category gets its redirect with no list
 * to keep.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** Slugs of the category Markdown files in `dir` (their `slug` field, else the file name). */
export function categorySlugs(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const frontmatter = readFileSync(join(dir, name), 'utf8').match(/^---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? '';
      const data = (parse(frontmatter) ?? {}) as { slug?: unknown };
      return typeof data.slug === 'string' ? data.slug : name.replace(/\.md$/, '');
    })
    .sort();
}

/** `_redirects` lines: /portfolio/{slug} -> /products/{slug}, 301. */
export function portfolioRedirects(slugs: readonly string[]): string {
  return slugs.map((slug) => `/portfolio/${slug}  /products/${slug}  301`).join('\n') + '\n';
}
