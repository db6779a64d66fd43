import type { AstroIntegration } from 'astro';
import { existsSync, rmSync } from 'node:fs';
import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { categoryNotFoundPath, formerSlugRedirects, notFoundRules, routes, type ItemAddresses } from '../model/routes';
import { contentSources } from '../model/content-collections';
import { parseFrontmatter } from '../text/frontmatter.mjs';

/**
 * Every catalogue item's slug and former slugs, read from its file under `root`: the folder is its
 * category (the content check, which runs before the build, has made sure of each).
 */
export async function itemAddresses(root: string): Promise<ItemAddresses[]> {
  const products = join(root, contentSources.products.folder);
  if (!existsSync(products)) return [];
  const found: ItemAddresses[] = [];
  for (const category of (await readdir(products, { withFileTypes: true })).filter((e) => e.isDirectory())) {
    const folder = join(products, category.name);
    for (const file of (await readdir(folder)).filter((name) => name.endsWith('.md')).sort()) {
      const data = parseFrontmatter(await readFile(join(folder, file), 'utf8')) as {
        slug?: unknown;
        formerSlugs?: unknown;
      };
      if (typeof data.slug !== 'string') continue;
      const formerSlugs = Array.isArray(data.formerSlugs) ? data.formerSlugs.map(String) : [];
      found.push({ category: category.name, slug: data.slug, formerSlugs });
    }
  }
  return found;
}

/** The lines the build appends to dist/_redirects: former addresses of items first, then the not-found rules. */
export function catalogueRules(categorySlugs: readonly string[], items: readonly ItemAddresses[]): string {
  const line = ({ from, to, status }: { from: string; to: string; status: number }) => `${from} ${to} ${status}`;
  const moved = formerSlugRedirects(items).map(line);
  return [
    '',
    ...(moved.length
      ? ['# Former addresses of catalogue items, from their formerSlugs (src/not-found/integration.ts)', ...moved, '']
      : []),
    '# Not-found pages of the catalogue (src/not-found/integration.ts)',
    ...notFoundRules(categorySlugs).map(line),
    '',
  ].join('\n');
}

/**
 * After the build, the permanent redirects from every former address of a catalogue item to its
 * page (its `formerSlugs`), then Netlify's 404 rules for the catalogue (`notFoundRules` in src/model/routes.ts)
 * go into dist/_redirects, one per category whose not-found page the build wrote
 * (/products/<slug>/404, src/pages/products/[category]/404.astro): the categories are the
 * content's, so adding one needs no edit here. Appended, as the adapter appends its own rules.
 */
export function notFoundRulesFile(): AstroIntegration {
  let projectRoot = pathToFileURL(`${process.cwd()}/`);
  return {
    name: 'not-found-rules',
    hooks: {
      // `astro dev` runs Netlify's emulation, which reads the rules of the last build's
      // dist/_redirects and answers a path one of them matches with that build's file where there
      // is one: with `/products/*`, every category page would be the last build's (its words,
      // and a stylesheet the dev server does not serve) instead of the one rendered from the
      // sources. So a dev server starts without them; every build writes them again. No supported
      // option does this instead: docs/decisions/0042-what-the-integrations-still-change-outside-their-files.md.
      'astro:config:setup': ({ command, config, logger }) => {
        projectRoot = config.root;
        if (command !== 'dev') return;
        const rules = join(fileURLToPath(config.outDir), '_redirects');
        if (!existsSync(rules)) return;
        rmSync(rules);
        logger.info(
          "the last build's dist/_redirects removed: its rules would answer catalogue pages with that build's files",
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
        const items = await itemAddresses(fileURLToPath(projectRoot));
        const root = fileURLToPath(dir);
        const products = join(root, routes.products);
        const slugs = existsSync(products)
          ? (await readdir(products, { withFileTypes: true }))
              .filter(
                (entry) => entry.isDirectory() && existsSync(join(root, `${categoryNotFoundPath(entry.name)}.html`)),
              )
              .map((entry) => entry.name)
              .sort()
          : [];
        await appendFile(join(root, '_redirects'), catalogueRules(slugs, items));
        const moved = formerSlugRedirects(items).length;
        logger.info(
          `${moved} former item address${moved === 1 ? '' : 'es'} and ${notFoundRules(slugs).length} not-found rules for ${slugs.length} categories in _redirects`,
        );
      },
    },
  };
}
