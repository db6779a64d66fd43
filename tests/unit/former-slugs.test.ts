/**
 * A changed slug keeps the old address: each of an item's `formerSlugs` becomes a 301 to its page
 * in the built dist/_redirects, before the catalogue's not-found rules, and `npm start`'s server
 * answers the old address with it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formerSlugRedirects } from '../../src/model/routes';
import { catalogueRules, itemAddresses, notFoundRulesFile } from '../../src/not-found/integration';
import { startSiteServer } from '../../tools/local-netlify/site-server.mjs';

const root = mkdtempSync(join(tmpdir(), 'former-slugs-'));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('formerSlugRedirects', () => {
  it('sends every former address of an item to its page, permanently', () => {
    expect(
      formerSlugRedirects([
        { category: 'aroma-finishes', slug: 'cedar-path', formerSlugs: ['cedar-trail', 'cedar'] },
        { category: 'pigments', slug: 'red-9' },
      ]),
    ).toEqual([
      { from: '/products/aroma-finishes/cedar', to: '/products/aroma-finishes/cedar-path', status: 301 },
      { from: '/products/aroma-finishes/cedar-trail', to: '/products/aroma-finishes/cedar-path', status: 301 },
    ]);
  });
});

describe('the built _redirects and npm start', () => {
  let site: Awaited<ReturnType<typeof startSiteServer>>;

  beforeAll(async () => {
    // An item whose slug changed from cedar-trail to cedar-path, and one that never changed.
    write(
      'src/content/products/aroma-finishes/cedar.md',
      '---\nkind: aroma\nslug: cedar-path\nformerSlugs:\n  - cedar-trail\nname: Cedar\n---\n',
    );
    write('src/content/products/aroma-finishes/amber.md', '---\nkind: aroma\nslug: amber-oud\nname: Amber\n---\n');
    write('netlify.toml', '[build]\n  publish = "dist"\n');
    write('dist/404.html', '<!doctype html><title>Not found</title><h1>Not found</h1>');
    write('dist/products/aroma-finishes/cedar-path.html', '<!doctype html><title>Cedar</title><h1>Cedar Path</h1>');
    write(
      'dist/products/aroma-finishes/404.html',
      '<!doctype html><title>Not here</title><h1>Not in Aroma finishes</h1>',
    );
    write('dist/products/404.html', '<!doctype html><title>Not here</title><h1>Not in the catalogue</h1>');
    write('dist/_redirects', "# The adapter's rules\n");
    // The build's own hooks, as astro build runs them.
    const integration = notFoundRulesFile();
    const logger = { info: () => {} };
    const hooks = integration.hooks as Record<string, (options: unknown) => unknown>;
    await hooks['astro:config:setup']!({
      command: 'build',
      config: { root: pathToFileURL(`${root}/`), outDir: pathToFileURL(join(root, 'dist/')) },
      logger,
    });
    await hooks['astro:build:done']!({ dir: pathToFileURL(join(root, 'dist/')), logger });
    site = await startSiteServer({
      projectRoot: root,
      host: '127.0.0.1',
      port: Number(process.env.FORMER_SLUGS_PORT ?? 0),
      functionsDirectory: resolve('netlify/functions'),
      log: () => {},
    });
  }, 120_000);
  afterAll(async () => site?.close());

  it('reads each item’s slug and former slugs from its file', async () => {
    expect(await itemAddresses(root)).toEqual([
      { category: 'aroma-finishes', slug: 'amber-oud', formerSlugs: [] },
      { category: 'aroma-finishes', slug: 'cedar-path', formerSlugs: ['cedar-trail'] },
    ]);
  });

  it('writes the redirect before the not-found rules that would answer the old address', () => {
    const lines = readFileSync(join(root, 'dist/_redirects'), 'utf8').split('\n');
    const moved = lines.indexOf('/products/aroma-finishes/cedar-trail /products/aroma-finishes/cedar-path 301');
    const missing = lines.indexOf('/products/aroma-finishes/* /products/aroma-finishes/404 404');
    expect(moved).toBeGreaterThan(0);
    expect(missing).toBeGreaterThan(moved);
    expect(catalogueRules(['aroma-finishes'], [{ category: 'aroma-finishes', slug: 'x' }])).not.toContain(' 301');
  });

  it('answers the old address with a 301 to the new one, and a missing item still with its 404', async () => {
    const old = await fetch(`${site.url}/products/aroma-finishes/cedar-trail`, { redirect: 'manual' });
    await old.arrayBuffer();
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('location')!, site.url).pathname).toBe('/products/aroma-finishes/cedar-path');
    const now = await fetch(`${site.url}/products/aroma-finishes/cedar-path`);
    expect([now.status, await now.text()]).toEqual([200, expect.stringContaining('Cedar Path')]);
    const missing = await fetch(`${site.url}/products/aroma-finishes/cedar-grove`);
    expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining('Not in Aroma finishes')]);
  });
});
