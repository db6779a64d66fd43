import { expect, test } from '@playwright/test';
import {
  expectExpanded,
  categoryGroups,
  companyPage,
  expectActions,
  expectSections,
  narrow,
  offerings,
  productsOf,
  recordScripts,
  ui,
  wide,
} from './support';

const categories = offerings('categories');
test.use({ viewport: wide });

/** "0s", "0.1s", "0.2s"...: the entrance delay of the card at `index`, 0.1 s per card. */
const stagger = (index: number) => `${Number((index * 0.1).toFixed(1))}s`;

test('/products shows a card for every category file, in order, with staggered entrance', async ({ page }) => {
  await page.goto('/products');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(categories.length);
  for (const [i, { slug, title }] of categories.entries()) {
    await expect(cards.nth(i).getByRole('heading')).toHaveText(title);
    await expect(cards.nth(i).locator(`a[href="/products/${slug}"]`)).toHaveCount(1);
    await expect(cards.nth(i)).toHaveCSS('animation-delay', stagger(i));
  }
  await expectActions(page.getByRole('main'), companyPage('products').closing.actions);
});

for (const { slug, title, data } of categories) {
  const items = productsOf(slug);
  test(`${title}: a card for each of its ${items.length} product files, its sections, navigation, no JavaScript`, async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(`/products/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.hero.heading);
    const cards = page.locator('main #products article');
    await expect(cards).toHaveCount(items.length);
    // Each card is headed by its file's name or title; without groups, in the files' order.
    const shown = (await cards.locator('h3, h4').allTextContents()).map((text) => text.trim());
    if ((data.itemGroups ?? []).length === 0) expect(shown).toEqual(items.map((item) => item.title));
    else expect([...shown].sort()).toEqual(items.map((item) => item.title).sort());
    await expect(page.locator('main article')).toHaveCount(items.length);

    await expectActions(page.getByRole('main'), data.hero.actions ?? [], slug);
    await expectSections(page, data.sections ?? [], slug);
    const closing = page.locator('#get-in-touch');
    await expect(closing.getByRole('heading', { level: 2 })).toHaveText(data.supportHeading);
    await expectActions(closing, data.supportActions ?? [], slug);

    const nav = page.getByRole('navigation', { name: ui.subnav.categories });
    await expect(nav.getByRole('link', { name: ui.subnav.productsTitle, exact: true }).first()).toHaveAttribute(
      'href',
      '/products',
    );
    await expect(nav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/products/${slug}`);
    await expect(nav.locator('a[aria-current="page"]:visible')).toHaveCount(1);

    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test(`${title}: every link in the page answers 200`, async ({ page, request }) => {
    await page.goto(`/products/${slug}`);
    const hrefs = await page
      .locator('main a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
}

test('the category grid has 4 columns at 1100 px and 7 at 1400 px', async ({ page }) => {
  const columns = () =>
    page
      .getByRole('navigation', { name: ui.subnav.categories })
      .locator('[data-subnav-grid]')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(`/products/${categories[0]!.slug}`);
  expect(await columns()).toBe(4);
  await page.setViewportSize({ width: 1400, height: 900 });
  expect(await columns()).toBe(7);
});

test.describe('at 390 px', () => {
  test.use({ viewport: narrow });
  test('the category navigation is a Categories toggle that closes after a choice', async ({ page }) => {
    const [here, there] = categories.map(({ slug }) => `/products/${slug}`);
    await page.goto(here!);
    const nav = page.getByRole('navigation', { name: ui.subnav.categories });
    const toggle = nav.getByRole('button', { name: ui.subnav.toggle });
    await toggle.click();
    await expectExpanded(toggle, true);
    const link = nav.locator(`a[href="${there}"]:visible`);
    await link.click();
    await expect(page).toHaveURL(there!);
    await expectExpanded(
      page.getByRole('navigation', { name: ui.subnav.categories }).getByRole('button', { name: ui.subnav.toggle }),
      false,
    );
  });

  test('the toggle closes when a link in the panel is chosen, even without leaving the page', async ({ page }) => {
    const [here, there] = categories.map(({ slug }) => `/products/${slug}`);
    await page.goto(here!);
    const nav = page.getByRole('navigation', { name: ui.subnav.categories });
    const toggle = nav.getByRole('button', { name: ui.subnav.toggle });
    await toggle.click();
    // Keep the page: the link's default action is cancelled, the menu's script still sees the choice.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), true));
    await nav.locator(`a[href="${there}"]:visible`).click();
    await expectExpanded(toggle, false);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: narrow });
  test('category pages are complete and the Categories menu opens', async ({ page }) => {
    const [last, first] = [categories.at(-1)!, categories[0]!];
    await page.goto(`/products/${last.slug}`);
    await expect(page.locator('main article')).toHaveCount(productsOf(last.slug).length);
    const nav = page.getByRole('navigation', { name: ui.subnav.categories });
    await nav.getByRole('button', { name: ui.subnav.toggle }).click();
    await expect(nav.locator(`a[href="/products/${first.slug}"]:visible`)).toHaveCount(1);
  });
});

for (const { slug, title, groups, kinds } of categoryGroups().filter((c) => c.groups.length > 0)) {
  test(`${title}: each kind of item under its own heading, with its count`, async ({ page }) => {
    await page.goto(`/products/${slug}`);
    const products = page.locator('#products');
    for (const group of groups) {
      const section = products.locator(`section#${group.id}`);
      const expected = kinds.filter((kind) => kind === group.kind).length;
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(`${group.heading} (${expected})`);
      await expect(section.locator('article')).toHaveCount(expected);
      // Item names are h4 under the group's h3, so headings stay in order.
      for (const article of await section.locator('article').all())
        await expect(article.getByRole('heading', { level: 4 })).toHaveCount(1);
    }
    // Every item of the category is in some group.
    await expect(products.locator('article')).toHaveCount(kinds.length);
  });
}
