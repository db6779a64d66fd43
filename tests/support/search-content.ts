/**
 * The site's search index made from the content files as the site reads them (their schemas, the
 * item model, src/search/search-entries.ts), for the unit tests of the search: no build needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { parseFrontmatter, markdownBody } from '../../src/text/frontmatter.mjs';
import { productSchema } from '../../src/schemas/product';
import { slugReference } from '../../src/schemas/common';
import type { ItemData } from '../../src/model/catalogue-item';
import { searchIndexOf } from '../../src/search/catalogue-search';
import { searchEntriesOf } from '../../src/search/search-entries';

const content = join(process.cwd(), 'src/content');
const schema = productSchema({ image: () => z.string(), reference: slugReference } as never);
const read = (file: string) => {
  const text = readFileSync(file, 'utf8');
  return { data: parseFrontmatter(text) as Record<string, unknown>, body: markdownBody(text) };
};
const folder = (name: string) =>
  readdirSync(join(content, name))
    .filter((file) => file.endsWith('.md'))
    .map((file) => read(join(content, name, file)));

export const contentItems = readdirSync(join(content, 'products')).flatMap((category) =>
  readdirSync(join(content, 'products', category))
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const { data, body } = read(join(content, 'products', category, file));
      return { id: `${category}/${file.replace(/\.md$/, '')}`, data: schema.parse(data) as unknown as ItemData, body };
    }),
);

/** A page of src/content/pages by its `page` field. */
export const contentPage = (page: string) => {
  const found = folder('pages').find(({ data }) => data['page'] === page);
  if (!found) throw new Error(`src/content/pages: no file with "page: ${page}"`);
  return found.data;
};

const searchPage = contentPage('search') as { results: Record<string, string> };
export const certificationsOf = () =>
  JSON.parse(readFileSync(join(content, 'certifications/certifications.json'), 'utf8')) as {
    name: string;
    description: string;
  }[];

export const searchEntries = searchEntriesOf({
  items: contentItems,
  // The fields the search reads, as the schemas give them (checked by content:check).
  categories: folder('categories').map(({ data, body }) => ({ id: String(data['slug']), data: data as never, body })),
  technologies: folder('technologies').map(({ data, body }) => ({
    id: String(data['slug']),
    data: data as never,
    body,
  })),
  certifications: certificationsOf(),
  certificationPages: (['home', 'about'] as const).map((page) => ({
    page,
    title: String(contentPage(page)['title']),
    summary: String(contentPage(page)['description']),
  })),
  labels: {
    technology: searchPage.results['technologyLabel']!,
    category: searchPage.results['categoryLabel']!,
    page: searchPage.results['pageLabel']!,
  },
});

export const contentSearchIndex = searchIndexOf(searchEntries);
