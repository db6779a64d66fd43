import type { AstroIntegration } from 'astro';
import { existsSync, rmSync } from 'node:fs';
import { appendFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { categoryNotFoundPath, notFoundRules, routes } from '../model/routes';

/**
 * After the build, Netlify's 404 rules for the catalogue (`notFoundRules` in src/model/routes.ts)
 * go into dist/_redirects, one per category whose not-found page the build wrote
 * (/products/<slug>/404, src/pages/products/[category]/404.astro): the categories are the
 * content's, so adding one needs no edit here. Appended, as the adapter appends its own rules.
 */
export function notFoundRulesFile(): AstroIntegration {
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
        if (command !== 'dev') return;
        const rules = join(fileURLToPath(config.outDir), '_redirects');
        if (!existsSync(rules)) return;
        rmSync(rules);
        logger.info(
          "the last build's dist/_redirects removed: its rules would answer catalogue pages with that build's files",
        );
      },
      'astro:build:done': async ({ dir, logger }) => {
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
        const rules = notFoundRules(slugs);
        const lines = rules.map(({ from, to, status }) => `${from} ${to} ${status}`);
        await appendFile(
          join(root, '_redirects'),
          `\n# Not-found pages of the catalogue (src/not-found/integration.ts)\n${lines.join('\n')}\n`,
        );
        logger.info(`${rules.length} not-found rules for ${slugs.length} categories in _redirects`);
      },
    },
  };
}
