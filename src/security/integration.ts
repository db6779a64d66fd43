import type { AstroIntegration } from 'astro';
import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { headersFile, pagePolicyRules, withoutPagePolicies } from '../lib/security-headers';

/**
 * The Content Security Policy as a header (src/lib/security-headers.ts). With the Netlify
 * adapter's `staticHeaders`, Astro leaves the `<meta>` tag out of prerendered pages and hands
 * each page's policy to the integrations once the pages are generated; at the end of the build
 * they go into dist/_headers, which Netlify serves and `npm start` reads through Netlify's own
 * emulation. The adapter also writes them to .netlify/v1/config.json: they are taken out there,
 * so that Netlify sends each policy once.
 *
 * `astro dev` sends no policy, as before the policy became a header: its pages run Vite's own
 * inline scripts and styles, which no build hashes, and with `staticHeaders` Astro would send a
 * policy with the configured hashes only.
 */
export function securityHeaders(): AstroIntegration {
  let root = process.cwd();
  const policies = new Map<string, string>();
  return {
    name: 'security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((_req, res: ServerResponse, next) => {
          const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
          res.writeHead = ((...args: unknown[]) => {
            res.removeHeader('content-security-policy');
            for (const headers of args) {
              if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
                for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete (headers as Record<string, unknown>)[name];
              }
            }
            return writeHead(...args);
          }) as ServerResponse['writeHead'];
          next();
        });
      },
      'astro:build:generated': ({ routeToHeaders }) => {
        for (const [path, { headers }] of routeToHeaders) {
          const policy = headers.get('content-security-policy');
          if (policy) policies.set(path, policy);
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (policies.size === 0) throw new Error('No page policy was handed over: the Netlify adapter needs `staticHeaders: true` (astro.config.mjs)');
        const rules = pagePolicyRules(policies);
        await writeFile(join(fileURLToPath(dir), '_headers'), headersFile(rules));
        const deployConfig = join(root, '.netlify', 'v1', 'config.json');
        if (existsSync(deployConfig)) {
          await writeFile(deployConfig, JSON.stringify(withoutPagePolicies(JSON.parse(await readFile(deployConfig, 'utf8')))));
        }
        logger.info(`Content Security Policy of ${policies.size} pages in _headers (${rules.length} rules, ${new Set(policies.values()).size} distinct policies)`);
      },
    },
  };
}
