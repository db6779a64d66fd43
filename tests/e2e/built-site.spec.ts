/**
 * Checks of the production build as a whole: valid HTML on every page, and no broken link or
 * anchor anywhere on the site (crawled through the local server, so redirects count).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { HtmlValidate, FileSystemConfigLoader, formatterFactory } from 'html-validate';
import { LinkChecker } from 'linkinator';
import { pageStylesheets } from '../../src/model/page-stylesheets';
import { svgDataUri } from '../../src/text/data-uri';
import { descriptionLength, maxTitleLength } from '../../src/schemas/seo-limits';
import { builtFiles, builtPages, identity, offerings, productsOf } from './support';

const dist = join(process.cwd(), 'dist');

test('every built page is valid HTML', async () => {
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const files = builtFiles();
  expect(files.length).toBeGreaterThan(10);
  const report = await validator.validateMultipleFiles(files);
  const text = report.valid ? '' : formatterFactory('text')(report.results);
  expect(text).toBe('');
});

test('the HTML check sees inside SVG: a duplicate id in two inline drawings fails it', async () => {
  // html-validate skips the content of <svg> unless .htmlvalidate.json declares the SVG elements;
  // this is the logo as it once was, in the top bar and the footer.
  const mark = '<svg viewBox="0 0 40 40" aria-hidden="true"><defs><linearGradient id="mark-fill"><stop offset="0" stop-color="#14a39a"/></linearGradient></defs><path d="M20 2 35.6 11Z" fill="url(#mark-fill)"/></svg>';
  const page = `<!DOCTYPE html><html lang="en"><head><title>Logo</title></head><body><header>${mark}</header><footer>${mark}</footer></body></html>`;
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const report = await validator.validateString(page, join(dist, 'index.html'));
  expect(report.results.flatMap((result) => result.messages).map((message) => `${message.ruleId}: ${message.message}`)).toEqual(['no-dup-id: Duplicate ID "mark-fill"']);
});

test('no broken link or anchor on the site', async ({ baseURL }) => {
  // About 90 pages, a third of them catalogue items, each with pictures and links to check.
  test.setTimeout(240_000);
  const checker = new LinkChecker();
  const result = await checker.check({
    path: baseURL!,
    recurse: true,
    checkFragments: true,
    concurrency: 20,
    linksToSkip: async (link) => !link.startsWith(baseURL!),
  });
  const broken = result.links.filter((link) => link.state === 'BROKEN').map((link) => `${link.status} ${link.url} (on ${link.parent})`);
  expect(broken).toEqual([]);
  expect(result.links.length).toBeGreaterThan(50);
});

/** Text of an HTML attribute or element as a reader sees it ("&amp;" is one character). */
const decode = (html: string) =>
  html.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[name]!);

const pageHead = (file: string) => {
  const html = readFileSync(file, 'utf8');
  const pick = (re: RegExp) => html.match(re)?.[1];
  return {
    file: relative(dist, file),
    title: pick(/<title>([^<]*)<\/title>/),
    description: pick(/<meta name="description" content="([^"]*)"/),
    canonical: pick(/<link rel="canonical" href="([^"]*)"/),
    ogImage: pick(/<meta property="og:image" content="([^"]*)"/),
    noindex: /<meta name="robots" content="noindex"/.test(html),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!)),
  };
};

test('every page has its own title and description, a canonical URL and a sharing picture; the home page describes the organisation, which other pages name by its @id', () => {
  const heads = builtFiles().map(pageHead);
  const duplicates = (key: 'title' | 'description') =>
    heads.filter((h, i) => heads.findIndex((o) => o[key] === h[key]) !== i).map((h) => `${h.file}: ${h[key]}`);
  expect(duplicates('title')).toEqual([]);
  expect(duplicates('description')).toEqual([]);
  for (const head of heads) {
    // What a search result shows in full (the 404 and thank-you pages are not indexed, but fit too).
    expect(decode(head.title ?? '').length, `${head.file}: ${head.title}`).toBeGreaterThan(0);
    expect(decode(head.title ?? '').length, `${head.file}: ${head.title}`).toBeLessThanOrEqual(maxTitleLength);
    expect(decode(head.description ?? '').length, `${head.file}: ${head.description}`).toBeGreaterThanOrEqual(descriptionLength.min);
    expect(decode(head.description ?? '').length, `${head.file}: ${head.description}`).toBeLessThanOrEqual(descriptionLength.max);
    if (!head.noindex) expect(head.canonical, head.file).toMatch(/^https?:\/\/[^/]+\//);
    expect(head.ogImage, head.file).toMatch(/\/og\/\w+\.jpg$/);
    // Once, on the home page: repeated, it was 0.35 KB of every compressed page.
    const organizations = head.jsonLd.filter((d) => d['@type'] === 'Organization');
    expect(organizations.length, head.file).toBe(head.file === 'index.html' ? 1 : 0);
  }
  const [organization] = heads.find((h) => h.file === 'index.html')!.jsonLd.filter((d) => d['@type'] === 'Organization');
  expect(organization.name).toBe(identity.name);
  expect(organization.address).toHaveLength(identity.offices.length);
  // Every reference to the company from another page's data is to that description.
  const references = heads.flatMap((h) => JSON.stringify(h.jsonLd).match(/"@id":"[^"]*#organization"/g) ?? []);
  expect(references.length).toBeGreaterThan(0);
  expect(new Set(references)).toEqual(new Set([`"@id":"${organization['@id']}"`]));
  for (const { slug } of offerings('categories')) {
    const catalogue = heads.find((h) => h.file === `products/${slug}.html`)!;
    const list = catalogue.jsonLd.find((d) => d['@type'] === 'ItemList');
    expect(list?.numberOfItems, slug).toBe(productsOf(slug).length);
    // Each entry leads to the item's own page, which carries its Product data.
    const pages = builtPages();
    for (const entry of list.itemListElement) expect(pages, `${slug}: ${entry.url}`).toContain(new URL(entry.url).pathname);
  }
});

test('no page makes the browser fetch an icon or the manifest while it loads: the mark is inline and the manifest linked after load', async ({ request }) => {
  const served = await request.get('/favicon.svg');
  expect(served.headers()['content-type']).toContain('image/svg+xml');
  const inline = svgDataUri(await served.text());
  for (const file of builtFiles()) {
    const html = readFileSync(file, 'utf8');
    const icons = [...html.matchAll(/<link rel="icon" href="([^"]*)"([^>]*)>/g)];
    // The SVG icon first, which every browser that can show it takes without asking for the PNG.
    expect(icons.map((m) => decode(m[1]!)), relative(dist, file)).toEqual([inline, '/favicon-32.png']);
    expect(icons[0]![2], relative(dist, file)).toContain('type="image/svg+xml"');
    expect(html, relative(dist, file)).not.toMatch(/<link[^>]*rel="manifest"/);
  }
});

test('the sitemap lists every public page and leaves out the rest; robots.txt points at it', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemapUrl = index.match(/<loc>([^<]+)<\/loc>/)![1]!;
  const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/\/$/, '') || '/');
  const publicPages = builtFiles().map(pageHead).filter((h) => !h.noindex).map((h) => '/' + h.file.replace(/\.html$/, '').replace(/(^|\/)index$/, ''));
  expect(paths.sort()).toEqual(publicPages.map((p) => p.replace(/\/$/, '') || '/').sort());
  expect(paths).not.toContain('/404');
  expect(paths).not.toContain('/contact/thanks');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap-index.xml', sitemapUrl).href}`);
});

test("the editor's preview stylesheet (/admin/site.css) holds every stylesheet the pages carry, linked or inline", () => {
  // The preview pane of /admin draws cards and pages with this one file (src/cms/integration.ts).
  const dist = join(process.cwd(), 'dist');
  const preview = readFileSync(join(dist, 'admin', 'site.css'), 'utf8');
  let linked = 0;
  for (const file of builtFiles()) {
    const html = readFileSync(file, 'utf8');
    for (const sheet of pageStylesheets(html)) {
      if ('file' in sheet) linked++;
      expect(preview, `${relative(dist, file)}: ${'file' in sheet ? `/${sheet.file}` : 'inline'}`).toContain('css' in sheet ? sheet.css : readFileSync(join(dist, sheet.file), 'utf8'));
    }
  }
  expect(linked, 'the pages link the site stylesheet').toBeGreaterThan(0);
});
