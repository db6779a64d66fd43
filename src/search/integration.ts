import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { pagefindEntry, pagefindOptions } from './search';
import { eachLimited } from '../server/each-limited';
import { bundle, literals } from '../build/bundle';

/**
 * Site search: after the build, Pagefind indexes every page marked `data-pagefind-body` (category
 * and technology pages, and item pages) and writes its bundle to dist/pagefind/, so `npm run
 * build`, `npm start` and Netlify all serve it.
 */
/** Word positions per chunk of the search index (Pagefind's default is 20,000). */
const indexChunkPositions = 5000;

export function siteSearch(): AstroIntegration {
  return {
    name: 'site-search',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        try {
          // Pagefind splits its word index into chunks of about 20,000 word positions, and a query
          // loads the chunk of each of its words: for a long product name, several large chunks
          // that take much of the first search's budget. Smaller chunks load only what the words
          // need. Pagefind reads the size from this variable only (named "unstable": check it
          // when Pagefind is upgraded).
          process.env.PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE = String(indexChunkPositions);
          const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', excludeSelectors: ['nav'] });
          if (!index) throw new Error(`search index: ${errors.join('; ')}`);
          // Pages marked for the index, under the address a visitor uses (no ".html": the site is
          // built as files, and Pagefind would otherwise name them so). Several at a time: Pagefind
          // indexes in its own process, which would otherwise wait for each file to be read.
          let pages = 0;
          const files = (await readdir(root, { recursive: true }))
            .filter((file) => file.endsWith('.html') && !file.startsWith('admin'))
            .sort();
          const addPage = async (name: string) => {
            const content = await readFile(join(root, name), 'utf8');
            if (!content.includes('data-pagefind-body')) return;
            const url = `/${name
              .replace(/\\/g, '/')
              .replace(/\.html$/, '')
              .replace(/(^|\/)index$/, '')}`;
            const { errors: pageErrors } = await index.addHTMLFile({ url, content });
            if (pageErrors.length) throw new Error(`search index: ${name}: ${pageErrors.join('; ')}`);
            pages++;
          };
          await eachLimited(files, 8, addPage);
          const written = await index.writeFiles({ outputPath: join(root, 'pagefind') });
          if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
          await writeFile(
            join(root, pagefindEntry),
            await entryModule(JSON.parse(await readFile(join(root, 'pagefind', 'pagefind-entry.json'), 'utf8'))),
          );
          // Pagefind also writes its ready-made interfaces; the site has its own (SiteSearch.tsx).
          const bundle = join(root, 'pagefind');
          for (const unused of (await readdir(bundle)).filter((name) =>
            /^pagefind-(component-ui|modular-ui|ui|highlight)\.|^wasm\.unknown\./.test(name),
          )) {
            await rm(join(bundle, unused));
          }
          logger.info(`indexed ${pages} pages into pagefind/`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}

type PagefindEntry = { languages: Record<string, { hash: string; wasm?: string }> };

/**
 * The site's entry to Pagefind (./site-search-entry.ts), bundled with the names of the files it
 * preloads. The entry file's address is tied to this build (`metaCacheTag`) so it can be
 * preloaded; every other name Pagefind writes carries a hash of its content.
 */
function entryModule(entry: PagefindEntry, warmResults = 8): Promise<string> {
  const tag = createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 10);
  const files = [
    `pagefind-entry.json?ts=${tag}`,
    ...Object.values(entry.languages).flatMap((language) => [
      `pagefind.${language.hash}.pf_meta`,
      `wasm.${language.wasm ?? 'unknown'}.pagefind`,
    ]),
  ];
  return bundle(new URL('./site-search-entry.ts', import.meta.url), {
    format: 'esm',
    define: literals({
      __PAGEFIND_FILES__: files,
      __PAGEFIND_OPTIONS__: { ...pagefindOptions, metaCacheTag: tag },
      __WARM_RESULTS__: warmResults,
    }),
    external: ['./pagefind.js'],
  });
}
