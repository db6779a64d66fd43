/**
 * The not-found pages in the browser: the answer's console and scripts, the way home, and the
 * search field of the catalogue's not-found pages at each width, with and without JavaScript.
 * What they hold as served (headings, links to the categories, noindex) is checked in
 * tests/dist/content-pages.test.ts.
 */
import { expect, test } from '@playwright/test';
import { categoryPath, routes } from '../../src/model/routes';
import { narrow, offerings, productsOf, recordScripts, ui, wide } from './support';

test.use({ viewport: wide });

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  const scripts = recordScripts(page);

  const response = await page.goto('/no/such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.notFound.heading);
  const home = page.getByRole('link', { name: ui.notFound.home });
  await expect(home).toHaveAttribute('href', '/');
  // Chromium reports the 404 status itself; the page adds the path as a warning.
  expect(logged.filter((line) => !line.startsWith('error: Failed to load resource'))).toEqual([
    'warning: 404 Error: User attempted to access non-existent route: /no/such-page',
  ]);
  // The page has no island: no script file at all (the console line is inline).
  expect(scripts).toEqual([]);

  await home.click();
  await expect(page).toHaveURL('/');
});

// A missing address in the catalogue keeps the visitor there: at a phone's width and a desktop's,
// with and without JavaScript.
for (const viewport of [narrow, wide]) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`in the catalogue at ${viewport.width} px, ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
      test.use({ viewport, javaScriptEnabled });

      test("a missing item's 404 names its category, links to it and offers the search field", async ({ page }) => {
        const categories = offerings('categories');
        const category = categories[(viewport.width + (javaScriptEnabled ? 1 : 0)) % categories.length]!;
        const response = await page.goto(`${categoryPath(category.slug)}/no-such-product`);
        expect(response?.status()).toBe(404);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(ui.notFound.heading);
        await expect(main.getByText(ui.fill(ui.notFound.missingItem.lead, { category: category.title }))).toBeVisible();
        const back = main.getByRole('link', {
          name: ui.fill(ui.notFound.missingItem.categoryLink, { category: category.title }),
          exact: true,
        });
        await expect(back).toHaveAttribute('href', categoryPath(category.slug));
        // The search field leads to /search with what was typed.
        const item = productsOf(category.slug)[0]!;
        const field = main.getByRole('searchbox', { name: ui.searchLabel });
        await field.fill(item.title);
        await field.press('Enter');
        await expect(page).toHaveURL(
          new RegExp(`/search\\?q=${encodeURIComponent(item.title).replace(/%20/g, '\\+')}$`),
        );
        await page.goBack();
        await back.click();
        await expect(page).toHaveURL(categoryPath(category.slug));
      });

      test('a missing category gets the search field', async ({ page }) => {
        const response = await page.goto(`${routes.products}/no-such-category/or-item`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('main').getByRole('searchbox', { name: ui.searchLabel })).toBeVisible();
      });
    });
  }
}
