/**
 * Content collections. Each schema lives in src/lib/schemas/ as a named part; this file only
 * wires them to the folders under src/content/.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { technologySchema } from './lib/schemas/technology';
import { categorySchema } from './lib/schemas/category';
import { productSchema } from './lib/schemas/product';
import { topicSchema } from './lib/schemas/topic';
import { certificationSchema, legalSchema, pageSchema } from './lib/schemas/company';

/** Entries are addressed by their `slug` field, so a renamed file keeps its web address. */
const bySlug = ({ entry, data }: { entry: string; data: Record<string, unknown> }) =>
  typeof data.slug === 'string' ? data.slug : entry.replace(/\.md$/, '');

const technologies = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/technologies', generateId: bySlug }),
  schema: technologySchema,
});

const categories = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/categories', generateId: bySlug }),
  schema: categorySchema,
});

/**
 * Catalogue items, one folder per category: an entry's id is "<category folder>/<file name>", kept
 * as written (not slugified), so `categoryOf` in src/lib/content.ts reads the category from it.
 */
const products = defineCollection({
  loader: glob({ pattern: '*/*.md', base: './src/content/products', generateId: ({ entry }) => entry.replace(/\.md$/, '') }),
  // An item's `technologies` are references: src/lib/content.ts fails the build on one that names no technology.
  schema: (context) => productSchema({ ...context, reference }),
});

const topics = defineCollection({
  loader: file('./src/content/topics.json'),
  schema: topicSchema,
});

/** Home, About and Careers: one Markdown file each, addressed by its `page` field. */
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages', generateId: ({ data, entry }) => String(data.page ?? entry) }),
  schema: pageSchema,
});

const certifications = defineCollection({
  loader: file('./src/content/certifications/certifications.json'),
  schema: certificationSchema,
});

/** Privacy policy and terms of service: the Markdown body holds the text, one `##` heading per section. */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: legalSchema,
});

export const collections = { technologies, categories, products, topics, pages, certifications, legal };
