import { expect, test } from '@playwright/test';
import { categoryGroups, narrow, offerings, recordScripts, wide } from './support';

const categories = offerings('categories');
test.use({ viewport: wide });

const counts: Record<string, number> = {
  'aroma-finishes': 9,
  'essential-oil-actives': 7,
  'functional-actives': 11,
  pigments: 3,
  'printing-auxiliaries': 4,
  'speciality-finishes': 11,
  'speciality-prints': 18,
};

const claims: Record<string, (string | RegExp)[]> = {
  'functional-actives': ['99.9% antimicrobial efficacy', '50+ wash cycles'],
  'speciality-finishes': ['UPF 50+', '40000 abrasion cycles', '20 cycles', 'AATCC 30', /PFOA/, /PFOS/],
  pigments: ['200-400 nm', '100-200 nm'],
  'speciality-prints': ['170 °C', /30 days/, 'OekoTex Standard 100 and ZDHC MRSL 2.0'],
};

test('/products shows the seven categories with staggered entrance', async ({ page }) => {
  await page.goto('/products');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(7);
  for (const [i, { slug, title }] of categories.entries()) {
    await expect(cards.nth(i).getByRole('heading')).toHaveText(title);
    await expect(cards.nth(i).locator(`a[href="/products/${slug}"]`)).toHaveCount(1);
    await expect(cards.nth(i)).toHaveCSS('animation-delay', `${(i * 0.1).toFixed(1).replace(/\.0$/, '')}s`);
  }
});

for (const { slug, title } of categories) {
  test(`${title}: ${counts[slug]} items, claims, navigation, Reach Out, no JavaScript`, async ({ page }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(`/products/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const items = page.locator('main article');
    await expect(items).toHaveCount(counts[slug]!);
    for (const item of await items.all()) await expect(item.getByRole('heading').first()).toHaveText(/\w/);
    for (const claim of claims[slug] ?? []) await expect(page.getByRole('main')).toContainText(claim);
    await expect(page.getByRole('main').getByRole('link', { name: 'Reach Out', exact: true })).toHaveAttribute('href', '/contact');

    const nav = page.getByRole('navigation', { name: 'Product categories' });
    await expect(nav.getByRole('link', { name: 'Products', exact: true }).first()).toHaveAttribute('href', '/products');
    await expect(nav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/products/${slug}`);
    await expect(nav.locator('a[aria-current="page"]:visible')).toHaveCount(1);

    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test(`${title}: every link in the page answers 200`, async ({ page, request }) => {
    await page.goto(`/products/${slug}`);
    const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  });
}

test('the category grid has 4 columns at 1100 px and 7 at 1400 px', async ({ page }) => {
  const columns = () =>
    page
      .getByRole('navigation', { name: 'Product categories' })
      .locator('[data-subnav-grid]')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto('/products/pigments');
  expect(await columns()).toBe(4);
  await page.setViewportSize({ width: 1400, height: 900 });
  expect(await columns()).toBe(7);
});

test.describe('at 390 px', () => {
  test.use({ viewport: narrow });
  test('the category navigation is a Categories toggle that closes after a choice', async ({ page }) => {
    await page.goto('/products/pigments');
    const nav = page.getByRole('navigation', { name: 'Product categories' });
    const toggle = nav.getByRole('button', { name: 'Categories' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const link = nav.locator('a[href="/products/aroma-finishes"]:visible');
    await link.click();
    await expect(page).toHaveURL('/products/aroma-finishes');
    await expect(page.getByRole('navigation', { name: 'Product categories' }).getByRole('button', { name: 'Categories' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the toggle closes when a link in the panel is chosen, even without leaving the page', async ({ page }) => {
    await page.goto('/products/pigments');
    const nav = page.getByRole('navigation', { name: 'Product categories' });
    const toggle = nav.getByRole('button', { name: 'Categories' });
    await toggle.click();
    // Keep the page: the link's default action is cancelled, the island still sees the choice.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), true));
    await nav.locator('a[href="/products/aroma-finishes"]:visible').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: narrow });
  test('category pages are complete and the Categories menu opens', async ({ page }) => {
    await page.goto('/products/speciality-prints');
    await expect(page.locator('main article')).toHaveCount(18);
    const nav = page.getByRole('navigation', { name: 'Product categories' });
    await nav.getByRole('button', { name: 'Categories' }).click();
    await expect(nav.locator('a[href="/products/pigments"]:visible')).toHaveCount(1);
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
      for (const article of await section.locator('article').all()) await expect(article.getByRole('heading', { level: 4 })).toHaveCount(1);
    }
    // Every item of the category is in some group.
    await expect(products.locator('article')).toHaveCount(kinds.length);
  });
}
