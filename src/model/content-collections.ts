/**
 * Every kind of content file, once: where it lives under src/content, how its entries are found
 * and named, and its schema (src/schemas). Three things derive from this list:
 *
 * - src/content.config.ts writes out Astro's content collections of the folders and JSON lists,
 *   each with its loader and schema from here (a test holds the two lists together);
 * - `npm run content:check` (src/content-check/check.ts) validates every file of every entry;
 * - the editor at /admin (src/cms/config.ts) gets a collection for every entry (its words, when
 *   they are more than the entry's name, in src/cms/overlay.ts).
 *
 * So adding a collection is one entry here, and one line there. The editor's menu lists them in
 * this order.
 */
import type { z } from 'astro/zod';
import { categorySchema } from '../schemas/category';
import type { ContentContext } from '../schemas/common';
import { certificationSchema, legalSchema, pageSchema } from '../schemas/company';
import { contactFormSchema } from '../schemas/contact-form';
import { identitySchema } from '../schemas/identity';
import { labelsSchema } from '../schemas/labels';
import { productSchema } from '../schemas/product';
import { itemIdOf } from './catalogue-item';
import { technologySchema } from '../schemas/technology';
import { topicSchema } from '../schemas/topic';
import { synonymsSchema } from '../schemas/synonyms';

/**
 * A content schema as Astro uses it: a function of the schema context (`image()`), with
 * `reference` to name entries of other collections.
 */
export type SchemaOf = (context: ContentContext) => z.ZodType;

/**
 * How an entry of a folder is named (its id, and so its address):
 * `slug` its `slug` field (a renamed file keeps its address), `page` its `page` field, `path`
 * its path without `.md` as written ("<category folder>/<file name>"), `file` Astro's default
 * (the file name).
 */
export type EntryId = 'slug' | 'page' | 'path' | 'file';

/** Markdown files in a folder, one entry each; `pattern` "*\/*.md" for one subfolder level. */
export interface FolderSource {
  folder: string;
  pattern: '*.md' | '*/*.md';
  id: EntryId;
  schema: SchemaOf;
}

/**
 * One JSON file: a list of entries (`list`, an Astro collection), or one document read as a
 * typed module (not a collection; the site imports it).
 */
export interface FileSource {
  file: string;
  list: boolean;
  schema: SchemaOf;
}

export type ContentSource = FolderSource | FileSource;

export const isFolder = (source: ContentSource): source is FolderSource => 'folder' in source;

/** Entries of a folder are Astro collections, and so are JSON lists. */
export const isCollection = (source: ContentSource) => isFolder(source) || source.list;

export const contentSources = {
  technologies: { folder: 'src/content/technologies', pattern: '*.md', id: 'slug', schema: technologySchema },
  categories: { folder: 'src/content/categories', pattern: '*.md', id: 'slug', schema: categorySchema },
  /** Catalogue items, one folder per category: the category is the folder an item's file is in. */
  products: { folder: 'src/content/products', pattern: '*/*.md', id: 'path', schema: productSchema },
  /** Home, About, Careers...: one Markdown file each, following the schema of its `page`. */
  pages: { folder: 'src/content/pages', pattern: '*.md', id: 'page', schema: pageSchema },
  /** Privacy policy and terms of service: the Markdown body holds the text, one `##` heading per section. */
  legal: { folder: 'src/content/legal', pattern: '*.md', id: 'file', schema: () => legalSchema },
  identity: { file: 'src/content/company/identity.json', list: false, schema: () => identitySchema },
  /** The words of the page frame. */
  labels: { file: 'src/content/site/labels.json', list: false, schema: () => labelsSchema },
  /** The words of the contact form (the contact function carries them too). */
  contactForm: { file: 'src/content/contact-form.json', list: false, schema: () => contactFormSchema },
  topics: { file: 'src/content/topics.json', list: true, schema: () => topicSchema },
  /** The words buyers use in a search, and what the catalogue says instead (src/search/catalogue-search.ts). */
  synonyms: { file: 'src/content/search/synonyms.json', list: false, schema: () => synonymsSchema },
  certifications: { file: 'src/content/certifications/certifications.json', list: true, schema: certificationSchema },
} as const satisfies Record<string, ContentSource>;

export type ContentSources = Record<string, ContentSource>;

/** The id Astro gives an entry of a folder, as `id` says; undefined leaves Astro's default. */
export function entryIdOf(id: EntryId) {
  switch (id) {
    case 'slug':
      return ({ entry, data }: { entry: string; data: Record<string, unknown> }) =>
        typeof data.slug === 'string' ? data.slug : entry.replace(/\.md$/, '');
    case 'page':
      return ({ entry, data }: { entry: string; data: Record<string, unknown> }) => String(data.page ?? entry);
    case 'path':
      // A catalogue item is "<category folder>/<slug field>": its address survives a renamed file.
      return ({ entry, data }: { entry: string; data: Record<string, unknown> }) => itemIdOf(entry, data);
    case 'file':
      return undefined;
  }
}
