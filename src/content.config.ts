/**
 * Content collections: one per entry of src/model/content-collections.ts with a loader (its folder
 * of Markdown files, or its JSON list), each with its schema from src/schemas/. This file only
 * wires them to Astro.
 */
import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { contentSources, entryIdOf, isCollection, isFolder, type ContentSource } from './model/content-collections';

type Sources = typeof contentSources;
/** The entries Astro loads: folders and JSON lists (a single JSON document is a typed module). */
type CollectionName = { [K in keyof Sources]: Sources[K] extends { list: false } ? never : K }[keyof Sources];

const loaderOf = (source: ContentSource) =>
  isFolder(source)
    ? glob({ pattern: source.pattern, base: `./${source.folder}`, generateId: entryIdOf(source.id) })
    : file(`./${source.file}`);

// Schemas name other entries through `reference` (an item's technologies): Astro's own here;
// content:check and the /admin configuration pass a stand-in that reads the same data.
const collectionOf = (source: ContentSource) =>
  defineCollection({ loader: loaderOf(source), schema: (context) => source.schema({ ...context, reference }) });

export const collections = Object.fromEntries(
  Object.entries(contentSources as Record<string, ContentSource>)
    .filter(([, source]) => isCollection(source))
    .map(([name, source]) => [name, collectionOf(source)]),
) as unknown as { [K in CollectionName]: ReturnType<typeof collectionOf> & { schema: Sources[K]['schema'] } };
