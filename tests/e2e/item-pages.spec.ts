/**
 * Item pages in the browser: the card's link to them, print, and the contact form pre-filled about
 * the item with and without JavaScript. What every item page holds as built (its fields,
 * breadcrumb, structured data, documents) is checked over dist/ in tests/dist/item-pages.test.ts.
 * Expectations come from the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { catalogueItem, itemLabel, itemName, type ItemData } from '../../src/model/catalogue-item';
import { narrow, narrowest, offerings, readContent, ui, wide } from './support';

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
const withoutDataSheet = items.find((i) => !i.data.documents?.some((d) => d.type === 'Technical data sheet'))!;
const withoutSafetyDataSheet = items.filter((i) => !i.data.documents?.some((d) => d.type === 'Safety data sheet'));
const catalogueWords = readContent('site/labels.json').catalogue as {
  requestDataSheet: string;
  requestSafetyDataSheet: string;
  documents: string;
  more: string;
};

for (const viewport of [narrowest, wide]) {
  test(`at ${viewport.width} px every "More …" link of an item page is a target of at least 24 px (WCAG 2.2, 2.5.8)`, async ({
    page,
  }) => {
    // An item with neighbours in its category, so its page links to more of them.
    const item = items.find((i) => items.some((other) => other.category === i.category && other.id !== i.id))!;
    const category = offerings('categories').find((c) => c.slug === item.category)!;
    await page.setViewportSize(viewport);
    await page.goto(`/products/${item.id}`);
    const section = page.getByRole('region', { name: ui.fill(catalogueWords.more, { category: category.title }) });
    const links = await section.getByRole('link').all();
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) {
      const box = (await link.boundingBox())!;
      expect(Math.min(box.width, box.height), await link.innerText()).toBeGreaterThanOrEqual(24);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

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
