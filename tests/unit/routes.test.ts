/**
 * The addresses of src/model/routes.ts against the places that must spell them out: the functions'
 * own `config`, which Netlify reads with its parser (so it stays a literal there), the redirect
 * rule of netlify.toml and the rewrites the features write into dist/_redirects.
 */
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { retryEveryMinutes } from '../../src/contact/deliver';
import {
  categoryNotFoundPath,
  categoryPath,
  contactPath,
  itemPath,
  linkedAddress,
  notFoundRules,
  portfolioRedirect,
  routes,
  siteAddresses,
  technologyPath,
} from '../../src/model/routes';
import { notFoundKind } from '../../src/not-found/not-found';
import { searchFilters } from '../../src/search/search';
import { searchRewrites } from '../../src/search/integration';
import { contactRewrites } from '../../src/contact/integration';
import { rewriteLines } from '../../tools/build/query-rewrites';

const functions = Object.fromEntries(
  (await listFunctions(['netlify/functions'], { parseISC: true })).map((f) => [f.name, f]),
);

describe('the functions, as Netlify parses them', () => {
  it('serves the contact function on routes.contactEndpoint, and only there', () => {
    const routesOf = functions['send-contact-email']?.routes ?? [];
    expect(routesOf.map((r) => r.pattern)).toEqual([routes.contactEndpoint]);
  });

  it('serves the report function on routes.cspReportEndpoint, and only there', () => {
    expect((functions['csp-report']?.routes ?? []).map((r) => r.pattern)).toEqual([routes.cspReportEndpoint]);
  });

  it('serves the field-data function on routes.vitalsEndpoint, and only there', () => {
    expect((functions.vitals?.routes ?? []).map((r) => r.pattern)).toEqual([routes.vitalsEndpoint]);
  });

  it('runs the retry function every retryEveryMinutes minutes, with no path of its own', () => {
    const retry = functions['retry-contact-emails'];
    expect(retry?.schedule).toBe(`*/${retryEveryMinutes} * * * *`);
    expect(retry?.routes ?? []).toEqual([]);
  });
});

/** netlify.toml's redirect rules, as Netlify's own parser reads them. */
const netlifyRedirects = () =>
  parseAllRedirects({ netlifyConfigPath: 'netlify.toml', redirectsFiles: [], configRedirects: [], minimal: true });

describe('netlify.toml, as Netlify parses it', () => {
  it('sends every /portfolio/<slug> to its category page with one permanent redirect', async () => {
    const { redirects, errors } = await netlifyRedirects();
    expect(errors).toEqual([]);
    const rules = (redirects as { from: string; to: string; status?: number; force?: boolean }[]).filter((r) =>
      r.from.startsWith(routes.portfolio),
    );
    expect(rules.map(({ from, to, status }) => ({ from, to, status }))).toEqual([{ ...portfolioRedirect }]);
    // The rule's target is the category page of the same slug.
    expect(portfolioRedirect.to.replace(':splat', 'pigments')).toBe(categoryPath('pigments'));
  });
});

type Rule = { from: string; to: string; status?: number; force?: boolean; query?: Record<string, string> };

/** A feature's rewrites as Netlify's own parser reads them from the lines the build appends to dist/_redirects. */
async function asNetlifyReadsThem(rules: Parameters<typeof rewriteLines>[1]): Promise<Rule[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rewrites-'));
  writeFileSync(join(dir, '_redirects'), rewriteLines('a feature', rules));
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [join(dir, '_redirects')],
    configRedirects: [],
    minimal: true,
  });
  expect(errors).toEqual([]);
  return redirects as Rule[];
}

describe('the rewrites of addresses with a query, as Netlify reads them from dist/_redirects', () => {
  it('answers /search with the words or any filter of searchFilters on demand, the whole query passed on', async () => {
    const rules = await asNetlifyReadsThem(searchRewrites);
    expect(rules.every((rule) => rule.from === routes.search)).toBe(true);
    const keys = rules.map((rule) => Object.keys(rule.query ?? {}));
    expect(keys.flat().sort()).toEqual(['q', ...searchFilters.map(({ key }) => key)].sort());
    for (const rule of rules) expect(rule).toMatchObject({ to: routes.searchResults, status: 200, force: true });
  });

  it('answers /contact with a topic, and an item, by the form rendered on demand, both keys first', async () => {
    const rules = await asNetlifyReadsThem(contactRewrites);
    expect(rules).toEqual([
      expect.objectContaining({
        from: routes.contact,
        query: { topic: ':topic', about: ':about' },
        to: `${routes.contactForm}?topic=:topic&about=:about`,
        status: 200,
        force: true,
      }),
      expect.objectContaining({
        from: routes.contact,
        query: { topic: ':topic' },
        to: `${routes.contactForm}?topic=:topic`,
        status: 200,
        force: true,
      }),
    ]);
  });

  it('leaves none of them to netlify.toml', async () => {
    const { redirects } = await netlifyRedirects();
    expect((redirects as Rule[]).filter((rule) => rule.query && Object.keys(rule.query).length > 0)).toEqual([]);
  });
});

describe('page paths', () => {
  it('puts technologies at the root and categories under /products', () => {
    expect(technologyPath('microencapsulation')).toBe('/microencapsulation');
    expect(categoryPath('pigments')).toBe(`${routes.products}/pigments`);
  });

  it('opens the contact form about a topic and a subject', () => {
    expect(contactPath('samples')).toBe(`${routes.contact}?topic=samples#form`);
    expect(contactPath('technical-data', 'micro encapsulation')).toBe(
      `${routes.contact}?topic=technical-data&about=micro+encapsulation#form`,
    );
  });
});

describe('not-found pages of the catalogue', () => {
  const slugs = ['pigments', 'aroma-finishes'];

  it('gives each category a 404 rule to its own page, before the rule for the rest of /products', async () => {
    const rules = notFoundRules(slugs);
    expect(rules).toEqual([
      { from: '/products/pigments/*', to: categoryNotFoundPath('pigments'), status: 404 },
      { from: '/products/aroma-finishes/*', to: categoryNotFoundPath('aroma-finishes'), status: 404 },
      { from: '/products/*', to: routes.productsNotFound, status: 404 },
    ]);
    // As Netlify reads them from _redirects: not forced, so every page and file answers first.
    const text = rules.map(({ from, to, status }) => `${from} ${to} ${status}`).join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    writeFileSync(join(dir, '_redirects'), text);
    const { redirects, errors } = await parseAllRedirects({
      redirectsFiles: [join(dir, '_redirects')],
      configRedirects: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    expect(
      (redirects as { from: string; to: string; status?: number; force?: boolean }[]).map(
        ({ from, to, status, force }) => ({ from, to, status, force }),
      ),
    ).toEqual(rules.map((rule) => ({ ...rule, force: false })));
  });

  it('tells a missing item of a category from a missing category and any other address', () => {
    expect(notFoundKind('/products/pigments/no-such-item', slugs)).toEqual({ kind: 'item', category: 'pigments' });
    expect(notFoundKind('/products/pigments/a/b', slugs)).toEqual({ kind: 'item', category: 'pigments' });
    expect(notFoundKind('/products/no-such-category', slugs)).toEqual({ kind: 'category' });
    expect(notFoundKind('/products/no-such-category/item', slugs)).toEqual({ kind: 'category' });
    expect(notFoundKind('/products/%E0%A4%A', slugs)).toEqual({ kind: 'category' });
    expect(notFoundKind('/no-such-page', slugs)).toEqual({ kind: 'page' });
    expect(notFoundKind('/productsx/pigments', slugs)).toEqual({ kind: 'page' });
  });
});

describe("the site's addresses, as links in texts are held to them", () => {
  it('are the fixed pages and those the content makes, and a link is read as the page it leads to', () => {
    const addresses = siteAddresses({
      technologies: ['plasma'],
      categories: ['binders'],
      items: [itemPath('binders', 'binder')],
    });
    for (const page of [
      routes.contact,
      technologyPath('plasma'),
      categoryPath('binders'),
      itemPath('binders', 'binder'),
    ])
      expect(addresses.has(page), page).toBe(true);
    expect(addresses.has(itemPath('binders', 'other'))).toBe(false);
    expect(linkedAddress(contactPath('samples', 'plasma'))).toBe(routes.contact);
    expect(linkedAddress('/products/binders/')).toBe(categoryPath('binders'));
    expect(linkedAddress('//elsewhere.example/x')).toBeUndefined();
    expect(linkedAddress('https://elsewhere.example/')).toBeUndefined();
  });
});
