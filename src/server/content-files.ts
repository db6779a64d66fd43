/**
 * The content the functions need, read from the files of src/content through their schemas (the
 * same entries and ids as Astro's collections give the pages), and written as the one JSON
 * file they import (./built-content.ts). Runs where the files are: in the build before anything
 * is bundled (./integration.ts), under `astro dev`, and in the tests. No function imports this.
 */
import { readdirSync, readFileSync, renameSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'astro/zod';
import { markdownBody, parseFrontmatter } from '../text/frontmatter.mjs';
import { contentSources, entryIdOf, type FolderSource } from '../model/content-collections';
import { byOrder } from '../model/navigation';
import { standInContext } from '../schemas/common';
import { builtContentFile, builtContentOf, type BuiltContent } from './built-content';
import type { SearchContent } from '../search/search-entries';

/** Pictures are their paths here: nothing the functions read is a picture. */
const context = standInContext(() => z.string());

interface Entry {
  id: string;
  data: Record<string, unknown>;
  body: string;
}

/**
 * Every valid entry of a folder of Markdown files (one level, or "<folder>/<file>" for items),
 * named as Astro names it (src/model/content-collections.ts, `entryIdOf`). A file with a mistake
 * is left out: the content check, which runs first in every build, stops the build on it.
 */
function folderEntries(root: string, source: FolderSource): Entry[] {
  const base = join(root, source.folder);
  if (!existsSync(base)) return [];
  const schema = source.schema(context);
  const files =
    source.pattern === '*/*.md'
      ? readdirSync(base, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .flatMap((dir) => readdirSync(join(base, dir.name)).map((file) => `${dir.name}/${file}`))
      : readdirSync(base);
  const idOf = entryIdOf(source.id) ?? (({ entry }: { entry: string }) => entry.replace(/\.md$/, ''));
  return files
    .filter((file) => file.endsWith('.md'))
    .sort()
    .flatMap((file) => {
      try {
        const text = readFileSync(join(base, file), 'utf8');
        const raw = parseFrontmatter(text) as Record<string, unknown>;
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return [];
        return [
          {
            id: idOf({ entry: file, data: raw }),
            data: parsed.data as Record<string, unknown>,
            body: markdownBody(text),
          },
        ];
      } catch {
        return [];
      }
    });
}

/** The catalogue items of the files under `root`, each with its id "<category>/<item>" and body. */
export const readItemFiles = (root: string): SearchContent['items'] =>
  folderEntries(root, contentSources.products) as never;

/** The content the search and the contact function read, from the files under `root`. */
export function readContentFiles(root: string): SearchContent {
  const { categories, technologies, pages, certifications } = contentSources;
  const pageEntries = folderEntries(root, pages);
  const page = (name: string) => {
    const found = pageEntries.find((entry) => entry.id === name);
    if (!found) throw new Error(`${pages.folder}: no file with "page: ${name}"`);
    return found.data;
  };
  const listFile = join(root, certifications.file);
  const certificationList = existsSync(listFile)
    ? z.array(certifications.schema(context)).parse(JSON.parse(readFileSync(listFile, 'utf8')))
    : [];
  const results = (page('search') as { results: { technologyLabel: string; categoryLabel: string; pageLabel: string } })
    .results;
  const ordered = (entries: Entry[]) => byOrder(entries as (Entry & { data: { order: number } })[]);
  return {
    items: readItemFiles(root),
    categories: ordered(folderEntries(root, categories)) as never,
    technologies: ordered(folderEntries(root, technologies)) as never,
    certifications: certificationList as { name: string; description: string }[],
    certificationPages: (['home', 'about'] as const).map((name) => {
      const { title, description } = page(name) as { title: string; description: string };
      return { page: name, title, summary: description };
    }),
    labels: { technology: results.technologyLabel, category: results.categoryLabel, page: results.pageLabel },
  };
}

/** The functions' content of the project at `root`, from its files. */
export const builtContentFrom = (root: string): BuiltContent => builtContentOf(readContentFiles(root));

/**
 * Writes it to `builtContentFile` under `root`, whole or not at all (a rename): a bundler reading
 * the file meanwhile gets the last one, never half of one. Returns the number of bytes written.
 */
export function writeBuiltContent(root: string): number {
  const file = join(root, builtContentFile);
  mkdirSync(dirname(file), { recursive: true });
  const text = JSON.stringify(builtContentFrom(root));
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, text);
  renameSync(part, file);
  return Buffer.byteLength(text);
}
