/**
 * The data buyers look for, on an item page that has all of it: typical properties as a table,
 * packaging and storage, compliance with its proof, documents grouped by type with the visitor's
 * language first, and its Product JSON-LD. The launch content has no such item (the company has
 * not supplied the data yet), so this file serves the fixture build of a changed copy of the
 * project (tests/support/fixture-site.ts, built once per test run and shared), which holds the
 * full-data test item that `npm run bench -- --catalogue` measures (bench/catalogue.mjs), as
 * `npm start` does, on a free port (or ITEM_DATA_E2E_PORT). What the page holds is
 * read once from the copy's built HTML, without a browser (the markup is the same at every width);
 * the browser checks how it fits and behaves at 390 and 1280 px, with and without JavaScript.
 * Expected words come from the content.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fullData } from '../../bench/catalogue.mjs';
import { fixtureSite } from '../support/fixture-site';
import { accessibleName, all, attribute, readPage, region, shownText, text, type Element } from '../support/html';
import { freePort, narrow, readContent, ui, wcagAudit, wide } from './support';

test.describe.configure({ mode: 'serial' });

const words = readContent('site/labels.json').catalogue as {
  typicalProperties: string;
  typicalPropertiesCaption: string;
  propertyColumns: Record<'name' | 'value' | 'testMethod', string>;
  handling: string;
  handlingFields: Record<'packaging' | 'storage' | 'shelfLife', string>;
  compliance: string;
  certificateNumber: string;
  validUntil: string;
  verify: string;
  documents: string;
  requestDataSheet: string;
  requestSafetyDataSheet: string;
};
const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
  bytes: { htmlAndCssGzipKB: { max: number } };
};
const documentTypes = [...new Set(fullData.documents.map((d) => d.type))];
const languages = (type: string) => fullData.documents.filter((d) => d.type === type).map((d) => d.language);
/** The built order within a group: the page's language (English) first, then as the file lists them. */
const builtOrder = (type: string) => [
  ...languages(type).filter((l) => l.startsWith('en')),
  ...languages(type).filter((l) => !l.startsWith('en')),
];

let copy = '';
let origin = '';
let server: ChildProcess | undefined;
const serverOutput: string[] = [];
let item: { id: string; data: { name?: string; title?: string } };
let path = '';

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const site = fixtureSite();
  copy = site.root;
  item = site.fullDataItem;
  path = `/products/${item.id}`;
  const port = Number(process.env.ITEM_DATA_E2E_PORT ?? (await freePort()));
  origin = `http://localhost:${port}`;
  server = spawn(process.execPath, ['scripts/serve.mjs'], {
    cwd: copy,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr!.on('data', (chunk) => serverOutput.push(String(chunk)));
  await new Promise<void>((resolve, reject) => {
    server!.stdout!.on('data', (chunk) => {
      serverOutput.push(String(chunk));
      if (String(chunk).includes('Site ready')) resolve();
    });
    server!.once('exit', (code) =>
      reject(new Error(`the copy's server exited with ${code}:\n${serverOutput.join('')}`)),
    );
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

const name = () => String(item.data.name ?? item.data.title);

/** The item page in a fresh context: `viewport`, JavaScript on or off, the browser's languages. */
async function open(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ page: Page; violations: string[]; scripts: string[] }> {
  const context = await browser.newContext({ baseURL: origin, ...options });
  const page = await context.newPage();
  const violations: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(path);
  return { page, violations, scripts };
}

const ways = [
  { label: '390 px, without JavaScript', viewport: narrow, javaScriptEnabled: false },
  { label: '390 px, with JavaScript', viewport: narrow, javaScriptEnabled: true },
  { label: '1280 px, without JavaScript', viewport: wide, javaScriptEnabled: false },
  { label: '1280 px, with JavaScript', viewport: wide, javaScriptEnabled: true },
];

/** The item page as the copy's build wrote it. */
const builtPage = () => readPage(join(copy, 'dist', `${path}.html`));

/** The list that follows the documents' heading of `type`. */
function documentList(documents: Element, type: string): Element | undefined {
  const heading = all('h3', documents).find((h3) => shownText(h3) === type);
  for (let node = heading?.next; node; node = node.next)
    if (node.type === 'tag') return (node as Element).name === 'ul' ? (node as Element) : undefined;
  return undefined;
}

test('as built: typical properties as a table, packaging and storage, compliance with its proof, documents grouped by type', () => {
  // The markup is the same at every width, and it is what a browser without JavaScript shows.
  const document = builtPage();
  expect(all('h1', document).map(shownText)).toEqual([name()]);

  // Typical properties: a table named by its caption, a header per column, a header per row.
  const caption = ui.fill(words.typicalPropertiesCaption, { name: name() });
  const tables = all('table', document).filter((t) => all('caption', t).some((c) => shownText(c) === caption));
  expect(tables).toHaveLength(1);
  const table = tables[0]!;
  expect(region(document, words.typicalProperties)).toBeDefined();
  // Three columns at every width: a property, its value with its unit, its test method.
  const columns = all('thead th', table);
  expect(columns.map(shownText)).toEqual([
    words.propertyColumns.name,
    words.propertyColumns.value,
    words.propertyColumns.testMethod,
  ]);
  for (const th of columns) expect(attribute(th, 'scope')).toBe('col');
  const rows = all('tbody tr', table);
  expect(rows).toHaveLength(fullData.typicalProperties.length);
  for (const [i, property] of fullData.typicalProperties.entries()) {
    const headers = all('th', rows[i]!);
    expect(headers.map(shownText)).toEqual([property.name]);
    expect(attribute(headers[0], 'scope')).toBe('row');
    // The unit stays on the line of its value (a no-break space between them).
    const value = property.unit ? `${property.value}\u00a0${property.unit}` : property.value;
    expect(all('td', rows[i]!).map(text)).toEqual([value, property.testMethod ?? '']);
  }

  // Packaging, storage and shelf life, labelled.
  const handling = region(document, words.handling)!;
  expect(all('dt', handling).map(shownText)).toEqual([
    words.handlingFields.packaging,
    words.handlingFields.storage,
    words.handlingFields.shelfLife,
  ]);
  expect(all('dd', handling).map(shownText)).toEqual([fullData.packaging, fullData.storage, fullData.shelfLife]);

  // Compliance: each scheme with its status, certificate, date, and the link that proves it.
  const compliance = region(document, words.compliance)!;
  const entries = all('li', compliance);
  expect(entries).toHaveLength(fullData.compliance.length);
  for (const [i, entry] of fullData.compliance.entries()) {
    const shown = entries[i]!;
    expect(shownText(shown)).toContain(entry.scheme);
    if (entry.status) expect(shownText(shown)).toContain(entry.status);
    if (entry.certificateNumber) expect(shownText(all('dd', shown)[0]!)).toBe(entry.certificateNumber);
    if (entry.validUntil) expect(all('time', shown).map((t) => attribute(t, 'datetime'))).toEqual([entry.validUntil]);
    const verify = ui.fill(words.verify, { scheme: entry.scheme });
    const proofs = all('a[href]', shown).filter((a) => accessibleName(a, document).includes(verify));
    expect(
      proofs.map((a) => attribute(a, 'href')),
      entry.scheme,
    ).toEqual(entry.verifyUrl ? [entry.verifyUrl] : []);
  }

  // Documents: grouped under one heading per type, in the order of the types; in each group
  // English (the page's language) first, then as the file lists them.
  const documents = region(document, words.documents)!;
  expect(all('h3', documents).map(shownText)).toEqual(documentTypes);
  for (const type of documentTypes) {
    const links = all('a[hreflang]', documentList(documents, type) ?? documents);
    expect(
      links.map((a) => attribute(a, 'hreflang')),
      type,
    ).toEqual(builtOrder(type));
    for (const link of links) expect(attribute(link, 'type')).toBe('application/pdf');
  }
  // The item has both data sheets: no request for either.
  const names = all('a[href]', document).map((a) => accessibleName(a, document).toLowerCase());
  for (const request of [words.requestDataSheet, words.requestSafetyDataSheet])
    expect(
      names.filter((n) => n.includes(request.toLowerCase())),
      request,
    ).toEqual([]);
});

for (const way of ways) {
  test(`the typical properties fit and read whole, documents in order, no policy violation at ${way.label}`, async ({
    browser,
  }) => {
    const { page, violations } = await open(browser, {
      viewport: way.viewport,
      javaScriptEnabled: way.javaScriptEnabled,
    });
    const table = page.getByRole('table', { name: ui.fill(words.typicalPropertiesCaption, { name: name() }) });
    await expect(table).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: words.typicalProperties })).toBeVisible();
    // No word is broken to fit: each row header's words stay whole on one line each.
    for (const header of await table.getByRole('rowheader').all()) {
      const [lines, wordCount] = await header.evaluate((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return [tops.size, (th.textContent ?? '').trim().split(/\s+/).length];
      });
      expect(lines, (await header.textContent()) ?? '').toBeLessThanOrEqual(wordCount);
    }
    // Every column fits the screen: nothing to scroll sideways, at a phone's width too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(way.viewport.width);
    const box = await table.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(way.viewport.width);

    // In a browser whose languages name none but English (Playwright's own is en-US), the page's
    // script keeps the built order.
    const documents = page.getByRole('region', { name: words.documents, exact: true });
    for (const type of documentTypes) {
      const links = documents
        .locator('h3', { hasText: type })
        .locator('xpath=following-sibling::ul[1]')
        .locator('a[hreflang]');
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('hreflang')))).toEqual(builtOrder(type));
    }
    expect(violations).toEqual([]);
    await page.context().close();
  });
}

for (const [locale, first] of [
  ['de-DE', 'de'],
  ['th-TH', 'th'],
] as const) {
  test(`documents in the visitor's language come first with JavaScript (${locale}), and in the built order without`, async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, violations, scripts } = await open(browser, { viewport: wide, javaScriptEnabled, locale });
      for (const type of documentTypes) {
        const order = await page
          .locator('h3', { hasText: type })
          .locator('xpath=following-sibling::ul[1]')
          .locator('a[hreflang]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('hreflang')));
        const built = builtOrder(type);
        const expected =
          javaScriptEnabled && built.includes(first)
            ? [...built.filter((l) => l === first), ...built.filter((l) => l !== first)]
            : built;
        expect(order, `${type}, ${locale}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`).toEqual(expected);
      }
      // The reordering is a few inline lines allowed by the page's policy: no file, no violation.
      expect(scripts).toEqual([]);
      expect(violations).toEqual([]);
      await page.context().close();
    }
  });
}

test('each document opens as a PDF', async ({ request }) => {
  const response = await request.get(`${origin}${path}`);
  const html = await response.text();
  const hrefs = [...html.matchAll(/<a href="([^"]+\.pdf)"/g)].map((m) => m[1]!);
  expect(hrefs).toHaveLength(fullData.documents.length);
  for (const href of hrefs) {
    const pdf = await request.get(`${origin}${href}`);
    expect(pdf.status(), href).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString(), href).toBe('%PDF-');
  }
});

test('the Product JSON-LD carries the typical properties and the certifications', () => {
  const product = all('script[type="application/ld+json"]', builtPage())
    .map((script) => JSON.parse(text(script)))
    .find((d) => d['@type'] === 'Product');
  expect(product.additionalProperty).toHaveLength(fullData.typicalProperties.length);
  for (const [i, property] of fullData.typicalProperties.entries()) {
    const value = product.additionalProperty[i];
    expect(value).toMatchObject({ '@type': 'PropertyValue', name: property.name });
    expect(String(value.value)).toBe(
      String(Number.isNaN(Number(property.value)) ? property.value : Number(property.value)),
    );
    expect(value.unitText).toBe(property.unit);
    expect(value.measurementTechnique).toBe(property.testMethod);
  }
  expect(product.hasCertification.map((c: { '@type': string; url?: string }) => [c['@type'], c.url])).toEqual(
    fullData.compliance.map((c) => ['Certification', c.verifyUrl]),
  );
});

test('the page keeps the budgets: HTML and CSS within the byte budget, no script file at 1280 px', async ({
  browser,
}) => {
  const html = readFileSync(join(copy, 'dist', `${path}.html`));
  const kb = gzipSync(html, { level: 9 }).length / 1024;
  expect(kb, 'HTML + CSS, KB gzip').toBeLessThanOrEqual(budgets.bytes.htmlAndCssGzipKB.max);
  const { page, scripts } = await open(browser, { viewport: wide, javaScriptEnabled: true, locale: 'de-DE' });
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 20_000);
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
  await page.context().close();
});

for (const viewport of [narrow, wide]) {
  for (const javaScriptEnabled of [true, false]) {
    test(`no accessibility violations (WCAG 2.2 AA) at ${viewport.width} px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async ({
      browser,
    }) => {
      // axe runs as a script in the page, so the page without JavaScript is checked as the page
      // without its scripts: the same HTML, every <script> that would run taken out.
      const context = await browser.newContext({ baseURL: origin, viewport, locale: 'de-DE' });
      const page = await context.newPage();
      if (!javaScriptEnabled) {
        await page.route(`**${path}`, async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replace(
            /<script(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g,
            '',
          );
          await route.fulfill({ response, body: html });
        });
      }
      await page.goto(path);
      if (!javaScriptEnabled) expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      const results = await wcagAudit(page).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
      await page.context().close();
    });
  }
}
