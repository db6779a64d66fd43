/**
 * The catalogue in the browser: the cards' entrance, the category navigation as it shows and
 * behaves at each width, with and without JavaScript, and no script file on a category page.
 * What the catalogue pages hold as built (cards, groups, sections, buttons, links that answer) is
 * checked over dist/ in tests/dist/content-pages.test.ts.
 */
import { expect, test } from '@playwright/test';
import { expectExpanded, narrow, offerings, productsOf, recordScripts, ui, wide } from './support';

const categories = offerings('categories');
test.use({ viewport: wide });

/** "0s", "0.1s", "0.2s"...: the entrance delay of the card at `index`, 0.1 s per card. */
const stagger = (index: number) => `${Number((index * 0.1).toFixed(1))}s`;

test('/products staggers the entrance of its category cards', async ({ page }) => {
  await page.goto('/products');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(categories.length);
  for (const i of categories.keys()) await expect(cards.nth(i)).toHaveCSS('animation-delay', stagger(i));
});

for (const { slug, title } of categories) {
  test(`${title}: answers 200, marks its own link in the category navigation, and loads no JavaScript`, async ({
    page,
  }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(`/products/${slug}`);
    expect(response?.status()).toBe(200);
    const nav = page.getByRole('navigation', { name: ui.subnav.categories });
    await expect(nav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/products/${slug}`);
    await expect(nav.locator('a[aria-current="page"]:visible')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
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
  test('the largest category lists every item, linked, within the first two screens', async ({ page }) => {
    const size = (slug: string) => productsOf(slug).length;
    const largest = categories.reduce((a, b) => (size(b.slug) > size(a.slug) ? b : a));
    await page.goto(`/products/${largest.slug}`);
    const list = page.getByRole('navigation', { name: ui.fill(ui.itemIndex, { category: largest.title }) });
    const links = list.getByRole('link');
    await expect(links).toHaveCount(size(largest.slug));
    // Where the list ends on the page, however far it is scrolled.
    const bottom = await list
      .getByRole('listitem')
      .last()
      .evaluate((item) => item.getBoundingClientRect().bottom + window.scrollY);
    expect(bottom).toBeLessThanOrEqual(2 * narrow.height);
    // Each entry is a target of a whole row, well over 24 px.
    for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    const last = (await links.last().getAttribute('href'))!;
    expect(productsOf(largest.slug).map(({ id }) => `/products/${largest.slug}/${id}`)).toContain(last);
    await links.last().click();
    await expect(page).toHaveURL(last);
  });

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
