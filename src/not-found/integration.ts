import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { appendFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { categoryNotFoundPath, notFoundRules, routes } from '../lib/routes';

/**
 * After the build, Netlify's 404 rules for the catalogue (`notFoundRules` in src/lib/routes.ts)
 * go into dist/_redirects, one per category whose not-found page the build wrote
 * (/products/<slug>/404, src/pages/products/[category]/404.astro): the categories are the
 * content's, so adding one needs no edit here. Appended, as the adapter appends its own rules.
 */
export function notFoundRulesFile(): AstroIntegration {
  return {
    name: 'not-found-rules',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const products = join(root, routes.products);
        const slugs = existsSync(products)
          ? (await readdir(products, { withFileTypes: true })).filter((entry) => entry.isDirectory() && existsSync(join(root, `${categoryNotFoundPath(entry.name)}.html`))).map((entry) => entry.name).sort()
          : [];
        const rules = notFoundRules(slugs);
        const lines = rules.map(({ from, to, status }) => `${from} ${to} ${status}`);
        await appendFile(join(root, '_redirects'), `\n# Not-found pages of the catalogue (src/not-found/integration.ts)\n${lines.join('\n')}\n`);
        logger.info(`${rules.length} not-found rules for ${slugs.length} categories in _redirects`);
      },
    },
  };
}
