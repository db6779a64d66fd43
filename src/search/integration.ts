import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { searchRecordsFile, type ItemRecordFile } from './records';

/**
 * Site search: after the build, Pagefind indexes every page marked `data-pagefind-body` (category
 * and technology pages, and item pages) and writes its bundle to dist/pagefind/, so `npm run
 * build`, `npm start` and Netlify all serve it. Catalogue items that have no page of their own
 * are indexed from their record (src/pages/search-records.json.ts) under their card's address.
 */
export function siteSearch(): AstroIntegration {
  return {
    name: 'site-search',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const recordsPath = join(root, searchRecordsFile);
        const records = JSON.parse(await readFile(recordsPath, 'utf8')) as ItemRecordFile;
        await rm(recordsPath);

        try {
          const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en', excludeSelectors: ['nav'] });
          if (!index) throw new Error(`search index: ${errors.join('; ')}`);
          const pages = await index.addDirectory({ path: root, glob: '**/*.html' });
          if (pages.errors.length) throw new Error(`search index: ${pages.errors.join('; ')}`);
          let added = 0;
          for (const record of records) {
            if (existsSync(join(root, `${record.page}.html`))) continue;
            const { errors: recordErrors } = await index.addHTMLFile({ url: record.url, content: record.html });
            if (recordErrors.length) throw new Error(`search index: ${record.url}: ${recordErrors.join('; ')}`);
            added++;
          }
          const written = await index.writeFiles({ outputPath: join(root, 'pagefind') });
          if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
          // Pagefind also writes its ready-made interfaces; the site has its own (SiteSearch.tsx).
          const bundle = join(root, 'pagefind');
          for (const unused of (await readdir(bundle)).filter((name) => /^pagefind-(component-ui|modular-ui|ui|highlight)\.|^wasm\.unknown\./.test(name))) {
            await rm(join(bundle, unused));
          }
          logger.info(`indexed ${pages.page_count} HTML files and ${added} catalogue item records into pagefind/`);
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
