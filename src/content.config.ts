/**
 * Content collections, written out: each with its loader (its folder of Markdown files, or its
 * JSON list) and its schema, both read from its entry of src/model/content-collections.ts, which
 * the content check and /admin read too. A JSON file of one document (identity, labels, contact
 * form, synonyms) is a typed module, not a collection. tests/unit/content-collections.test.ts
 * holds this list and that one together.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { contentSources, entryIdOf, type FolderSource } from './model/content-collections';

const { technologies, categories, products, pages, legal, topics, certifications } = contentSources;

/** A folder's Markdown files, each entry's id made as the site's addresses need it. */
const folder = (source: FolderSource) =>
  glob({ pattern: source.pattern, base: `./${source.folder}`, generateId: entryIdOf(source.id) });

// Schemas name other entries through `reference` (an item's technologies): Astro's own here;
// content:check and the /admin configuration pass a stand-in that reads the same data.
export const collections = {
  technologies: defineCollection({
    loader: folder(technologies),
    schema: (context) => technologies.schema(context),
  }),
  categories: defineCollection({
    loader: folder(categories),
    schema: (context) => categories.schema(context),
  }),
  products: defineCollection({
    loader: folder(products),
    schema: (context) => products.schema({ ...context, reference }),
  }),
  pages: defineCollection({ loader: folder(pages), schema: (context) => pages.schema(context) }),
  legal: defineCollection({ loader: folder(legal), schema: () => legal.schema() }),
  topics: defineCollection({ loader: file(`./${topics.file}`), schema: () => topics.schema() }),
  certifications: defineCollection({
    loader: file(`./${certifications.file}`),
    schema: (context) => certifications.schema(context),
  }),
};
