/**
 * A feature's rewrites of addresses with a query (`QueryRewrite`, src/model/routes.ts) as Netlify
 * and `npm start` read them: appended to dist/_redirects at the end of the build (as the adapter
 * and the catalogue's not-found rules are), so the feature's own list is the one place they are
 * written. `astro dev` starts without the last build's dist/_redirects (src/not-found/integration.ts),
 * so there the same rules are matched by Netlify's own redirects engine (@netlify/redirects, as
 * `npm start` uses it) and the request goes to the page they name.
 */
import type { AstroIntegration } from 'astro';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RedirectsHandler } from '@netlify/redirects';
import { rewriteLine, type QueryRewrite } from '../../src/model/routes';

/** The lines for dist/_redirects: a comment naming where the rules come from, then one line each. */
export const rewriteLines = (source: string, rules: readonly QueryRewrite[]) =>
  ['', `# ${source}`, ...rules.map(rewriteLine), ''].join('\n');

export function queryRewrites(name: string, source: string, rules: readonly QueryRewrite[]): AstroIntegration {
  return {
    name,
    hooks: {
      'astro:server:setup': ({ server }) => {
        const handler = new RedirectsHandler({
          // Only these rules: the folders named hold no _redirects of their own.
          configRedirects: rules.map((rule) => ({ ...rule, status: 200, force: true })),
          projectDir: join(server.config.root, 'src'),
          publicDir: join(server.config.root, 'src'),
          jwtRoleClaim: '',
          jwtSecret: '',
        });
        server.middlewares.use((req, _res, next) => {
          const url = new URL(req.url ?? '/', 'http://localhost');
          if (!rules.some((rule) => rule.from === url.pathname)) return next();
          handler.match(new Request(url)).then((match) => {
            if (match && !match.redirect && match.statusCode === 200)
              req.url = match.target.pathname + match.target.search;
            next();
          }, next);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        await appendFile(join(fileURLToPath(dir), '_redirects'), rewriteLines(source, rules));
        logger.info(`${rules.length} rewrites in _redirects`);
      },
    },
  };
}
