/**
 * The rule that keeps a published item's address when its slug changes (docs/decisions/0062 and
 * 0087), one model and one wording for both ways content changes: `/admin` runs it before a save
 * on the entry's file as it is and as it will be written (src/cms/publish-check.ts), the content
 * check on each item against its published version in Git (./published-slugs.ts). Nothing here
 * reads files, so /admin's form (src/cms/overlay.ts) takes its label from here too.
 */
import { parseFrontmatter } from '../text/frontmatter.mjs';
import { itemPath } from '../model/routes';
import type { Problem } from './check';

/** What `/admin` calls the `formerSlugs` field (src/cms/overlay.ts reads it from here). */
export const formerSlugsLabel = 'Former slugs (old web addresses)';

/** Where an editor writes the former slugs, in /admin and in Git. */
export const whereFormerSlugs = `("${formerSlugsLabel}" in /admin, formerSlugs in the file)`;

/** The catalogue's items, by path from the project's root: src/content/products/<category>/<file>.md. */
const itemFile = /^src\/content\/products\/([^/]+)\/[^/]+\.md$/;

/** The category of an item file (its folder), or undefined for any other file. */
export const itemCategory = (path: string) => itemFile.exec(path)?.[1];

/** A front matter's field, or undefined. */
const field = (data: unknown, name: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;

/** The slug and former slugs a Markdown text gives its item; undefined when it cannot be read. */
export function slugsOf(text: string): { slug: string; formerSlugs: string[] } | undefined {
  let data: unknown;
  try {
    data = parseFrontmatter(text);
  } catch {
    return undefined; // an unreadable file is the check's to report
  }
  const slug = field(data, 'slug');
  const former = field(data, 'formerSlugs');
  if (typeof slug !== 'string') return undefined;
  return { slug, formerSlugs: Array.isArray(former) ? former.map(String) : [] };
}

/**
 * The rule: an item of `category`, published with the slug `publishedSlug`, whose text `now`
 * gives it another slug without keeping the old one among its former slugs, loses its published
 * address. The problem names that address and both ways out.
 */
export function droppedAddress(
  file: string,
  category: string,
  publishedSlug: string,
  now: string,
): Problem | undefined {
  const item = slugsOf(now);
  if (!item || item.slug === publishedSlug || item.formerSlugs.includes(publishedSlug)) return undefined;
  return {
    file,
    field: 'slug',
    message:
      `changed from "${publishedSlug}", so the published address ${itemPath(category, publishedSlug)} would answer "page not found". ` +
      `Add "${publishedSlug}" to the former slugs ${whereFormerSlugs}, which moves its visitors to the new address, or keep the slug "${publishedSlug}".`,
  };
}
