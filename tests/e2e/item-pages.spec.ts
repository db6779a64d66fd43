/**
 * Item pages: every field, breadcrumb, structured data, documents, print, and the contact form
 * pre-filled about the item with and without JavaScript. Expectations come from the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { catalogueItem, complianceLine, itemLabel, itemName, type ItemData } from '../../src/model/catalogue-item';
import { narrow, readContent, wide } from './support';

const identity = JSON.parse(readFileSync(join(process.cwd(), 'src/content/company/identity.json'), 'utf8')) as {
  name: string;
};

const products = join(process.cwd(), 'src/content/products');
const items = readdirSync(products).flatMap((category) =>
  readdirSync(join(products, category))
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const data = parseYaml(
        readFileSync(join(products, category, file), 'utf8').split(/^---$/m)[1] ?? '',
      ) as ItemData & { documents?: { type: string; title: string }[] };
      return { id: `${category}/${file.slice(0, -3)}`, category, slug: file.slice(0, -3), data };
    }),
);
const withDocument = items.find((i) => i.data.documents?.length);
const withoutDataSheet = items.find((i) => !i.data.documents?.some((d) => d.type === 'Technical data sheet'))!;
const withoutSafetyDataSheet = items.filter((i) => !i.data.documents?.some((d) => d.type === 'Safety data sheet'));
const catalogueWords = readContent('site/labels.json').catalogue as {
  requestDataSheet: string;
  requestSafetyDataSheet: string;
  documents: string;
  compliance: string;
};

test('every item has a page headed by its name, with a breadcrumb and every field', async ({ page }) => {
  test.setTimeout(20_000 + items.length * 3_000);
  for (const item of items) {
    await page.goto(`/products/${item.id}`);
    await expect(page.locator('h1')).toHaveText(itemName(item.data));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
    await expect(crumbs).toHaveCount(3);
    await expect(crumbs.nth(2)).toHaveAttribute('aria-current', 'page');
    for (const fact of catalogueItem(item).facts) {
      // Compliance has a section of its own, with each scheme's proof.
      if (fact.key === 'compliance') continue;
      const first = Array.isArray(fact.value) ? fact.value[0]! : fact.value;
      await expect(
        page.locator('dl').getByText(first, { exact: true }).first(),
        `${item.id}: ${fact.key}`,
      ).toBeVisible();
    }
    const compliance = page.getByRole('region', { name: catalogueWords.compliance, exact: true });
    await expect(compliance.locator('li > p:first-child'), `${item.id}: compliance`).toHaveText(
      (item.data.compliance ?? []).map(complianceLine).map((line) => line.replace(': ', ' · ')),
    );
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.map((text) => JSON.parse(text)['@type']);
    expect(types).toEqual(expect.arrayContaining(['BreadcrumbList', 'Product']));
    const product = jsonLd.map((text) => JSON.parse(text)).find((d) => d['@type'] === 'Product');
    expect(product.name).toBe(itemName(item.data));
    expect(product.brand['@id']).toBe(product.manufacturer['@id']);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${item.id}$`));
  }
});

test('category cards link their heading to the item page and carry the item id', async ({ page }) => {
  const item = items[0]!;
  await page.goto(`/products/${item.category}#${item.slug}`);
  const card = page.locator(`article#${item.slug}`);
  await expect(card).toBeInViewport();
  await card.getByRole('link', { name: itemName(item.data), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${item.id}$`));
});

test('"Request a sample" pre-fills the form with the topic and the item, with JavaScript', async ({ page }) => {
  const item = items[0]!;
  await page.goto(`/products/${item.id}`);
  await page.getByRole('link', { name: 'Request a sample' }).click();
  await expect(page).toHaveURL(/\/contact\?topic=samples&about=/);
  await expect(page.locator('#message')).toHaveValue(new RegExp(`^${itemLabel(item.data).replace(/[()]/g, '\\$&')}: `));
  await expect(page.locator('#topic')).toHaveValue('samples');
  await expect(page.locator('input[name="about"]')).toHaveValue(item.id);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('"Ask about this product" pre-fills the form too', async ({ page }) => {
    const item = items.at(-1)!;
    await page.goto(`/products/${item.id}`);
    await page.getByRole('link', { name: 'Ask about this product' }).click();
    await expect(page.locator('#message')).toHaveValue(
      new RegExp(`^${itemLabel(item.data).replace(/[()]/g, '\\$&')}: `),
    );
    await expect(page.locator('#topic')).toHaveValue('product-question');
    await expect(page.locator('input[name="about"]')).toHaveValue(item.id);
  });

  test('unknown values are ignored and never echoed', async ({ page }) => {
    await page.goto('/contact?topic=samples&about=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(await page.content()).not.toContain('<img src=x');
    await expect(page.locator('input[name="about"]')).toHaveValue('');
    await expect(page.locator('#topic')).toHaveValue('samples');
  });

  test('an item without a data sheet offers to request one', async ({ page }) => {
    await page.goto(`/products/${withoutDataSheet.id}`);
    await page.getByRole('link', { name: catalogueWords.requestDataSheet }).click();
    await expect(page.locator('#topic')).toHaveValue('technical-data');
    await expect(page.locator('input[name="about"]')).toHaveValue(withoutDataSheet.id);
  });
});

test.describe('an item without a safety data sheet offers to request one, pre-filled as the other requests are', () => {
  test.skip(withoutSafetyDataSheet.length === 0, 'every item has a safety data sheet');
  for (const viewport of [narrow, wide]) {
    for (const javaScriptEnabled of [false, true]) {
      test(`at ${viewport.width} px, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, javaScriptEnabled });
        const page = await context.newPage();
        // The first and the last such item, so both ends of the catalogue are seen.
        const item = javaScriptEnabled ? withoutSafetyDataSheet.at(-1)! : withoutSafetyDataSheet[0]!;
        await page.goto(`/products/${item.id}`);
        const documents = page.getByRole('region', { name: catalogueWords.documents, exact: true });
        await documents.getByRole('link', { name: catalogueWords.requestSafetyDataSheet }).click();
        await expect(page).toHaveURL(/\/contact\?topic=safety-data-sheet&about=/);
        await expect(page.locator('#topic')).toHaveValue('safety-data-sheet');
        await expect(page.locator('input[name="about"]')).toHaveValue(item.id);
        await expect(page.locator('#message')).toHaveValue(
          new RegExp(`^${itemLabel(item.data).replace(/[()]/g, '\\$&')}: `),
        );
        await context.close();
      });
    }
  }
});

test('documents are listed with their type and size, and are PDFs', async ({ page, request }) => {
  test.skip(!withDocument, 'no item lists a document');
  await page.goto(`/products/${withDocument!.id}`);
  const document = withDocument!.data.documents![0]!;
  const link = page.getByRole('link', { name: document.title });
  const item = page.locator('li', { has: link });
  // Under the heading of its type, with its size and language.
  await expect(item.locator('xpath=../preceding-sibling::h3[1]')).toHaveText(document.type);
  await expect(item).toContainText(/PDF, \d+ (bytes|KB|MB)/);
  await expect(link).toHaveAttribute('hreflang', document.language);
  const response = await request.get((await link.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the item page prints as a data sheet: company, fields, address and date, no navigation', async ({ page }) => {
  const item = items.find((i) => catalogueItem(i).facts.length > 0)!;
  await page.goto(`/products/${item.id}`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.locator('body > footer')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Request a sample' })).toBeHidden();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('dl').first()).toBeVisible();
  await expect(page.getByText(identity.name, { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`/products/${item.id} · as of`))).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
