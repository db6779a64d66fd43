/**
 * What the editor's configuration needs to know of the content folders, read when it is
 * generated: the category folders of the catalogue with the kinds of item each holds, and the page
 * files with the page each describes. A new category folder or page file then gets its place in
 * /admin with no edit to the configuration.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentSources } from '../model/content-collections';
import { parseFrontmatter } from '../text/frontmatter.mjs';

export interface CatalogueFolder {
  /** The folder's name: the slug of its category. */
  folder: string;
  /** The category's title, from its file in the categories folder (absent for a stray folder). */
  title?: string;
  /** The category's accent colour, which its page (and /admin's preview of its items) is drawn in. */
  colour?: string;
  /** The kinds of item the folder holds, in the order of the category's groups, then by name. */
  kinds: string[];
  /** The heading of the category's group of each kind, where it names one. */
  groupHeadings: Record<string, string>;
}

export interface PageFile {
  /** Path from the project root, e.g. "src/content/pages/home.md". */
  file: string;
  /** Its `page` field: which page it describes, and so which schema it follows. */
  page: string;
}

export interface ContentLayout {
  catalogue: CatalogueFolder[];
  pages: PageFile[];
}

const markdownFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.md'))
        .sort()
    : [];

/** A file's frontmatter; an unreadable one counts as empty (content:check reports it). */
function frontmatter(path: string): Record<string, unknown> {
  try {
    const data = parseFrontmatter(readFileSync(path, 'utf8'));
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The folders it reads: the categories, the catalogue and the pages of src/model/content-collections.ts. */
export function readContentLayout(
  root: string,
  folders: Record<'categories' | 'products' | 'pages', { folder: string }> = contentSources,
): ContentLayout {
  const categoriesDir = join(root, folders.categories.folder);
  const categories = new Map(
    markdownFiles(categoriesDir).map((name) => {
      const data = frontmatter(join(categoriesDir, name));
      const slug = typeof data.slug === 'string' ? data.slug : name.replace(/\.md$/, '');
      return [slug, data] as const;
    }),
  );

  const catalogueDir = join(root, folders.products.folder);
  const catalogue = (existsSync(catalogueDir) ? readdirSync(catalogueDir).sort() : [])
    .filter((name) => statSync(join(catalogueDir, name)).isDirectory())
    .map((folder): CatalogueFolder & { order: number } => {
      const category = categories.get(folder);
      const groups = Array.isArray(category?.itemGroups)
        ? (category.itemGroups as { kind?: unknown; heading?: unknown }[])
        : [];
      const groupHeadings = Object.fromEntries(
        groups
          .filter((g) => typeof g.kind === 'string' && typeof g.heading === 'string')
          .map((g) => [g.kind, g.heading]),
      );
      const inFiles = markdownFiles(join(catalogueDir, folder)).map(
        (name) => frontmatter(join(catalogueDir, folder, name)).kind,
      );
      const kinds = [
        ...new Set([
          ...Object.keys(groupHeadings),
          ...inFiles.filter((k): k is string => typeof k === 'string').sort(),
        ]),
      ];
      return {
        folder,
        ...(typeof category?.title === 'string' ? { title: category.title } : {}),
        ...(typeof category?.colour === 'string' ? { colour: category.colour } : {}),
        kinds,
        groupHeadings,
        order: typeof category?.order === 'number' ? category.order : Number.POSITIVE_INFINITY,
      };
    })
    // In the editor's menu as in the site's: by the categories' order.
    .sort((a, b) => a.order - b.order || a.folder.localeCompare(b.folder))
    .map(({ order: _, ...entry }) => entry);

  const pagesDir = join(root, folders.pages.folder);
  const pages = markdownFiles(pagesDir).map((name) => {
    const data = frontmatter(join(pagesDir, name));
    return {
      file: `${folders.pages.folder}/${name}`,
      page: typeof data.page === 'string' ? data.page : name.replace(/\.md$/, ''),
    };
  });

  return { catalogue, pages };
}
