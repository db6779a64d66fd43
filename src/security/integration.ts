import type { AstroIntegration } from 'astro';
import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sonnerStyle } from './csp';
import {
  hashSources,
  headersFile,
  inlineHashes,
  pagePolicyRules,
  policyWithHashes,
  withoutPagePolicies,
} from './headers';
import { builtPagesFile, pagePath } from './reports/store';
import { routes } from '../model/routes';

/** Pages rendered on demand at an address of their own, besides the built ones, that carry a policy. */
const pagesOnDemand = [routes.contactForm, routes.contactThanks];

/**
 * What the site's scripts add to a page once it runs, which no page's HTML carries, so no page
 * would otherwise keep its hash: the <style> element of sonner, the contact form's toasts.
 */
const runtimeHashes = sonnerStyle.hashes.map((hash) => `'${hash}'`);

/** The built file of a page's path ("/", "/about", "/products/404"), with `build.format: 'file'`. */
const pageFile = (dir: string, path: string) =>
  join(dir, path === '/' || path === '' ? 'index.html' : `${path.replace(/^\//, '').replace(/\.html$/, '')}.html`);

/**
 * The Content Security Policy as a header (src/security/headers.ts). With the Netlify
 * adapter's `staticHeaders`, Astro leaves the `<meta>` tag out of prerendered pages and hands
 * each page's policy to the integrations once the pages are generated; at the end of the build
 * they go into dist/_headers, which Netlify serves and `npm start` reads through Netlify's own
 * emulation. The adapter also writes them to .netlify/v1/config.json: they are taken out there,
 * so that Netlify sends each policy once. Each policy is cut down to the hashes of what its page
 * carries (src/security/headers.ts, `inlineHashes`) and of what the site's scripts add.
 *
 * `astro dev` sends no policy, as before the policy became a header: its pages run Vite's own
 * inline scripts and styles, which no build hashes, and with `staticHeaders` Astro would send a
 * policy with the configured hashes only.
 *
 * Why this edits the adapter's file and wraps `writeHead` in dev, which no supported hook can do
 * instead: docs/decisions/0042-what-the-integrations-still-change-outside-their-files.md.
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
                for (const name of Object.keys(headers))
                  if (name.toLowerCase() === 'content-security-policy')
                    delete (headers as Record<string, unknown>)[name];
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
        if (policies.size === 0)
          throw new Error(
            'No page policy was handed over: the Netlify adapter needs `staticHeaders: true` (astro.config.mjs)',
          );
        const distDir = fileURLToPath(dir);
        const listed = new Set<string>();
        for (const [path, policy] of policies) {
          const file = pageFile(distDir, path);
          if (!existsSync(file)) throw new Error(`No built page ${file} for the policy of ${path}`);
          const keep = new Set([...inlineHashes(await readFile(file, 'utf8')), ...runtimeHashes]);
          for (const source of hashSources(policy)) listed.add(source);
          policies.set(path, policyWithHashes(policy, keep));
        }
        // Every page's path, for the report function: each keeps report slots of its own (decision 0075).
        const pages = [...new Set([...policies.keys(), ...pagesOnDemand].map(pagePath))].sort();
        await mkdir(join(root, '.netlify'), { recursive: true });
        await writeFile(join(root, builtPagesFile), `${JSON.stringify(pages)}\n`);
        const rules = pagePolicyRules(policies);
        await writeFile(join(distDir, '_headers'), headersFile(rules));
        const deployConfig = join(root, '.netlify', 'v1', 'config.json');
        if (existsSync(deployConfig)) {
          await writeFile(
            deployConfig,
            JSON.stringify(withoutPagePolicies(JSON.parse(await readFile(deployConfig, 'utf8')))),
          );
        }
        const kept = new Set(rules.flatMap((rule) => hashSources(rule.values['Content-Security-Policy'] ?? '')));
        logger.info(
          `Content Security Policy of ${policies.size} pages in _headers (${rules.length} rules; ${kept.size} of the ${listed.size} hashes Astro listed are carried by a page)`,
        );
      },
    },
  };
}
