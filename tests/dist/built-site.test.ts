/**
 * Checks of the production build as a whole: valid HTML on every page, no broken link or anchor
 * anywhere on the site (crawled through the local server, so redirects count), each page's head,
 * the sitemap, the editor (out of the sitemap and of every page), its preview stylesheet and its
 * HEIC decoder.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { join, relative } from 'node:path';
import { expect, inject, it as test } from 'vitest';
import { HtmlValidate, FileSystemConfigLoader, formatterFactory } from 'html-validate';
import { LinkChecker } from 'linkinator';
import { pageStylesheets } from '../../src/model/page-stylesheets';
import { svgDataUri } from '../../src/text/data-uri';
import { descriptionLength, maxTitleLength } from '../../src/schemas/seo-limits';
import { builtFiles, builtPages, dist, identity, offerings, productsOf } from '../support/site';
import { heicFiles } from '../../src/cms/photo';
import { all, attribute, one, readPage, text } from '../support/html';

const site = inject('site');
const get = (path: string) => fetch(new URL(path, site));

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

/** Where the image CDN takes a picture from: the `url` of a /.netlify/images address, a file under dist/. */
const imageSource = (address: string) => new URL(address, site).searchParams.get('url');

test('no broken link or anchor on the site', async () => {
  // About 90 pages, a third of them catalogue items, each with links to check. The pictures'
  // image CDN addresses are checked below by their source files: transcoding each of them here
  // took minutes (tests/dist/headers.test.ts asks the CDN for one).
  const baseURL = `${site}/`;
  const checker = new LinkChecker();
  const result = await checker.check({
    path: baseURL,
    recurse: true,
    checkFragments: true,
    concurrency: 8,
    // A connection per request: a kept-alive connection that the server closes as its idle time
    // runs out, while the next request is on its way, reset links at random on a busy machine.
    headers: { connection: 'close' },
    linksToSkip: async (link) => !link.startsWith(baseURL) || link.startsWith(`${site}/.netlify/images?`),
  });
  const broken = result.links
    .filter((link) => link.state === 'BROKEN')
    .map((link) => `${link.status} ${link.url} (on ${link.parent})${link.status ? '' : `: ${link.failureDetails?.map((detail) => `${String(detail)} ${String((detail as Error).cause ?? '')}`).join('; ')}`}`);
  expect(broken).toEqual([]);
  expect(result.links.length).toBeGreaterThan(50);
}, 240_000);

test("every picture the image CDN is asked for is a file of the build", () => {
  let pictures = 0;
  for (const file of builtFiles()) {
    const document = readPage(file);
    const addresses = [
      ...all('img[src]', document).map((img) => attribute(img, 'src')!),
      ...all('img[srcset], source[srcset]', document).flatMap((element) => attribute(element, 'srcset')!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!)),
    ].filter((address) => address.startsWith('/.netlify/images?'));
    for (const address of addresses) {
      pictures++;
      const source = imageSource(address);
      expect(source && existsSync(join(dist, source)), `${relative(dist, file)}: ${address}`).toBe(true);
    }
  }
  expect(pictures).toBeGreaterThan(50);
});

const pageHead = (file: string) => {
  const document = readPage(file);
  const title = one('title', document);
  return {
    file: relative(dist, file),
    title: title ? text(title) : undefined,
    description: attribute(one('meta[name="description"]', document), 'content'),
    canonical: attribute(one('link[rel="canonical"]', document), 'href'),
    ogImage: attribute(one('meta[property="og:image"]', document), 'content'),
    noindex: one('meta[name="robots"][content="noindex"]', document) !== null,
    jsonLd: all('script[type="application/ld+json"]', document).map((script) => JSON.parse(text(script))),
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
    expect((head.title ?? '').length, `${head.file}: ${head.title}`).toBeGreaterThan(0);
    expect((head.title ?? '').length, `${head.file}: ${head.title}`).toBeLessThanOrEqual(maxTitleLength);
    expect((head.description ?? '').length, `${head.file}: ${head.description}`).toBeGreaterThanOrEqual(descriptionLength.min);
    expect((head.description ?? '').length, `${head.file}: ${head.description}`).toBeLessThanOrEqual(descriptionLength.max);
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

test('no page makes the browser fetch an icon or the manifest while it loads: the mark is inline and the manifest linked after load', async () => {
  const served = await get('/favicon.svg');
  expect(served.headers.get('content-type')).toContain('image/svg+xml');
  const inline = svgDataUri(await served.text());
  for (const file of builtFiles()) {
    const document = readPage(file);
    const icons = all('link[rel="icon"]', document);
    // The SVG icon first, which every browser that can show it takes without asking for the PNG.
    expect(icons.map((icon) => attribute(icon, 'href')), relative(dist, file)).toEqual([inline, '/favicon-32.png']);
    expect(attribute(icons[0], 'type'), relative(dist, file)).toBe('image/svg+xml');
    expect(all('link[rel~="manifest"]', document), relative(dist, file)).toEqual([]);
  }
});

test('the sitemap lists every public page and leaves out the rest; robots.txt points at it', async () => {
  const index = await (await get('/sitemap-index.xml')).text();
  const sitemapUrl = index.match(/<loc>([^<]+)<\/loc>/)![1]!;
  const sitemap = await (await get(new URL(sitemapUrl).pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/\/$/, '') || '/');
  const publicPages = builtFiles().map(pageHead).filter((h) => !h.noindex).map((h) => '/' + h.file.replace(/\.html$/, '').replace(/(^|\/)index$/, ''));
  expect(paths.sort()).toEqual(publicPages.map((p) => p.replace(/\/$/, '') || '/').sort());
  expect(paths).not.toContain('/404');
  expect(paths).not.toContain('/contact/thanks');
  const robots = await (await get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${new URL('/sitemap-index.xml', sitemapUrl).href}`);
});

test('the editor is in the build with a collection per category folder, out of the sitemap, and no page of the site links to it or loads it', () => {
  expect(existsSync(join(dist, 'admin/index.html')) && existsSync(join(dist, 'admin/decap-cms.js'))).toBe(true);
  // Its configuration is generated by the build: each category folder is edited through a
  // collection of its own, or one per kind of item where it holds several (src/cms/config.ts).
  const editorConfig = parseYaml(readFileSync(join(dist, 'admin/config.yml'), 'utf8')) as { collections: { name: string }[] };
  const names = editorConfig.collections.map((c) => c.name);
  const categories = offerings('categories').map((category) => category.slug);
  expect(categories.length).toBeGreaterThan(0);
  for (const category of categories) expect(names.filter((name) => name === category || name.startsWith(`${category}-`)), category).not.toEqual([]);
  const sitemaps = readdirSync(dist).filter((name) => /^sitemap.*\.xml$/.test(name));
  expect(sitemaps.length).toBeGreaterThan(0);
  for (const name of sitemaps) expect(readFileSync(join(dist, name), 'utf8')).not.toContain('/admin');
  const pages = builtFiles();
  expect(pages.length).toBeGreaterThan(10);
  for (const file of pages) expect(readFileSync(file, 'utf8'), relative(dist, file)).not.toMatch(/\/admin\//);
});

test("the editor's preview stylesheet (/admin/site.css) holds every stylesheet the pages carry, linked or inline", () => {
  // The preview pane of /admin draws cards and pages with this one file (src/cms/integration.ts).
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

test("the HEIC decoder is in the build, apart from what /admin loads first, and /admin's policy lets it run", async () => {
  // src/cms/photo.ts loads it only for a HEIC photo the browser cannot decode (src/cms/integration.ts writes it).
  const decoder = await get(heicFiles.script);
  expect(decoder.status).toBe(200);
  expect(await decoder.text()).toContain('HeifDecoder');
  const wasm = await get(heicFiles.wasm);
  expect(wasm.status).toBe(200);
  expect(Buffer.from(await wasm.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from('\0asm', 'latin1'));
  for (const first of ['index.html', 'cms.js', 'preview.js'])
    expect(readFileSync(join(dist, 'admin', first), 'utf8'), first).not.toContain('HeifDecoder');
  // It compiles WebAssembly, and fetches its module from /admin.
  const policy = (await get('/admin')).headers.get('content-security-policy') ?? '';
  expect(policy).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
  expect(policy).toMatch(/connect-src 'self'/);
});
