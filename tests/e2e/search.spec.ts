/**
 * Site search: the field in the top bar and the small-screen menu, /search with its filters, and
 * /search without JavaScript. Expectations come from the catalogue files as editors write them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { escapeRegExp, narrow, offerings, recordScripts, ui, wide } from './support';

const products = join(process.cwd(), 'src/content/products');

/** Every catalogue item: its category folder, file name and fields. */
const items = readdirSync(products).flatMap((category) =>
  readdirSync(join(products, category))
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const fields = parseYaml(readFileSync(join(products, category, name), 'utf8').split(/^---$/m)[1] ?? '') as Record<string, unknown>;
      return { category, slug: name.replace(/\.md$/, ''), name: String(fields.name ?? fields.title), fields };
    }),
);
/** Items whose `variant` is a single product code (essential oils, slurries). */
const withCode = items.filter((item) => typeof item.fields.variant === 'string' && /^[A-Z]+-[A-Z0-9-]+$/.test(item.fields.variant));

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The name of /search's group of category filters. */
const categoryGroup = ui.searchFilterGroups.category;
/** The label of a category's checkbox on /search: its title, then its count in brackets. */
const categoryFilter = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('group', { name: categoryGroup })
    .locator('label', { hasText: new RegExp(`^${escapeRegExp(title)} \\(`) });
const barField = (page: Page) => page.getByRole('banner').getByRole('searchbox');
const barResults = (page: Page) => page.getByRole('banner').locator('[data-search-results] li');

test.describe('the search field in the top bar at 1280 px', () => {
  test.use({ viewport: wide });

  test('loads no script until used, then finds an item by its name and leads to it', async ({ page }) => {
    const violations = watchCsp(page);
    const scripts = recordScripts(page);
    await page.goto('/about', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);

    const item = items.find((i) => i.category === 'aroma-finishes') ?? items[0]!;
    await barField(page).click();
    await barField(page).pressSequentially(item.name, { delay: 20 });
    const first = barResults(page).first();
    await expect(first.getByRole('link')).toHaveText(item.name);
    await expect(first).toContainText(offerings('categories').find((c) => c.slug === item.category)!.title);
    expect(scripts.some((url) => url.includes('/pagefind/pagefind.js'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/products/${item.category}(/${item.slug}|#${item.slug})$`));
    expect(violations).toEqual([]);
  });

  for (const item of withCode.slice(0, 3)) {
    test(`the exact code ${String(item.fields.variant)} puts ${item.name} first`, async ({ page }) => {
      await page.goto('/contact');
      await barField(page).fill(String(item.fields.variant));
      const first = barResults(page).first();
      await expect(first.getByRole('link')).toHaveText(item.name);
      await expect(first).toContainText(String(item.fields.variant));
    });
  }

  test('a code from a list of variants puts its item first', async ({ page }) => {
    const item = items.find((i) => Array.isArray(i.fields.variants) && (i.fields.variants as string[]).length > 1)!;
    const code = String((item.fields.variants as string[])[1]).split(' ')[0]!;
    await page.goto('/about');
    await barField(page).fill(code.toLowerCase());
    await expect(barResults(page).first().getByRole('link')).toHaveText(item.name);
  });

  test('finds technology and category pages under their own address', async ({ page }) => {
    const technology = offerings('technologies')[0]!;
    const category = offerings('categories')[0]!;
    await page.goto('/about');
    await barField(page).fill(technology.title);
    await expect(barResults(page).locator(`a[href="/${technology.slug}"]`)).toHaveCount(1);
    await barField(page).fill(category.title);
    await expect(barResults(page).locator(`a[href="/products/${category.slug}"]`)).toHaveCount(1);
  });

  test('what is typed before the island has loaded is searched', async ({ page }) => {
    const item = items[items.length - 1]!;
    await page.route('**/_astro/SiteSearch*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/technologies');
    await barField(page).pressSequentially(item.name);
    await expect(barResults(page).first().getByRole('link')).toHaveText(item.name);
  });

  test('Enter sends the query to /search, which shows the results with filters', async ({ page }) => {
    const item = items[0]!;
    await page.goto('/careers');
    await barField(page).fill(item.name);
    await barField(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=/);
    const results = page.getByRole('main').locator('[data-search-results] li');
    await expect(results.first().getByRole('link')).toHaveText(item.name);
    await expect(page.getByRole('group', { name: categoryGroup })).toBeVisible();
  });
});

test('the search field in the small-screen menu finds an item', async ({ page }) => {
  await page.setViewportSize(narrow);
  const item = items[Math.floor(items.length / 2)]!;
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const field = page.getByRole('banner').getByRole('searchbox');
  await expect(field).toBeVisible();
  await field.fill(item.name);
  await expect(page.getByRole('banner').locator('[data-search-results] li').first().getByRole('link')).toHaveText(item.name);
});

test('between the small-screen menu and the top-bar field, the top bar links to /search', async ({ page }) => {
  const searchLink = page.getByRole('banner').getByRole('link', { name: ui.searchLabel, exact: true });
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/about');
  await expect(barField(page)).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: ui.menu })).toBeHidden();
  await expect(searchLink).toBeVisible();
  await searchLink.click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible();
  for (const viewport of [wide, narrow]) {
    await page.setViewportSize(viewport);
    await expect(searchLink).toBeHidden();
  }
});

test('/search filters narrow the results to the chosen category', async ({ page }) => {
  await page.setViewportSize(wide);
  const violations = watchCsp(page);
  const category = offerings('categories')[0]!;
  const inCategory = items.filter((item) => item.category === category.slug);
  await page.goto('/search');
  const main = page.getByRole('main');
  // Until the field is used there is nothing to filter: no empty headings above the A-Z list.
  await expect(main.locator('[data-hydrated]')).toHaveCount(1);
  await expect(main.getByRole('heading', { name: ui.searchResultsHeading, exact: true })).toHaveCount(0);
  await expect(main.getByRole('heading', { name: ui.searchFiltersHeading, exact: true })).toHaveCount(0);
  await main.getByRole('searchbox').click();
  await expect(main.getByRole('heading', { name: ui.searchFiltersHeading, exact: true })).toBeVisible();
  await main.getByRole('group', { name: categoryGroup }).getByLabel(category.title).check();
  const results = main.locator('[data-search-results] li');
  await expect(results).toHaveCount(inCategory.length);
  await expect(main.getByRole('status')).toHaveText(ui.searchCount(inCategory.length));
  // Another category still counts what choosing it too would add.
  const other = offerings('categories').find((c) => c.slug !== category.slug && items.some((item) => item.category === c.slug));
  if (other) {
    const otherLabel = categoryFilter(page, other.title);
    await expect(otherLabel).toContainText(`(${items.filter((item) => item.category === other.slug).length})`);
  }
  for (const item of inCategory) await expect(results.getByRole('link', { name: item.name, exact: true })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  expect(violations).toEqual([]);
});

test('/search counts each filter value among the current results', async ({ page }) => {
  await page.setViewportSize(wide);
  const item = withCode[0]!;
  const category = offerings('categories').find((c) => c.slug === item.category)!;
  await page.goto('/search');
  const main = page.getByRole('main');
  const label = categoryFilter(page, category.title);
  await main.getByRole('searchbox').click();
  // Nothing searched yet: the count is the category's whole catalogue.
  await expect(label).toContainText(`(${items.filter((i) => i.category === category.slug).length})`);
  // A product code: few results, all of them shown, so the counts can be checked against them.
  await main.getByRole('searchbox').fill(String(item.fields.variant));
  const results = main.locator('[data-search-results] li');
  await expect(results.first()).toBeVisible();
  await expect(async () => {
    const shownCategories = await results.evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent?.split(' · ')[0] ?? ''));
    expect(await label.innerText()).toContain(`(${shownCategories.filter((c) => c === category.title).length})`);
  }).toPass({ timeout: 5000 });
});

test('/search keeps counting the other categories when one is chosen', async ({ page }) => {
  // A name's word found in the names of items of the most categories (read from the content).
  const spread = new Map<string, Set<string>>();
  for (const item of items) for (const word of item.name.toLowerCase().match(/\p{L}{4,}/gu) ?? []) spread.set(word, (spread.get(word) ?? new Set()).add(item.category));
  const [word, categories] = [...spread].sort((a, b) => b[1].size - a[1].size)[0]!;
  test.skip(categories.size < 2, 'no name word is shared by two categories');
  await page.setViewportSize(wide);
  await page.goto('/search');
  const main = page.getByRole('main');
  await main.getByRole('searchbox').fill(word);
  await expect(main.locator('[data-search-results] li').first()).toBeVisible();
  const titles = offerings('categories').filter((c) => categories.has(c.slug)).map((c) => c.title);
  const countOf = async (title: string) => Number((await categoryFilter(page, title).innerText()).match(/\((\d+)\)$/)?.[1]);
  await expect(async () => {
    for (const title of titles) expect(await countOf(title), title).toBeGreaterThan(0);
  }).toPass({ timeout: 5000 });
  const before = Object.fromEntries(await Promise.all(titles.map(async (title) => [title, await countOf(title)] as const)));
  await categoryFilter(page, titles[0]!).locator('input').check();
  await expect(main.locator('[data-search-results] li')).toHaveCount(Math.min(before[titles[0]!]!, 50));
  for (const title of titles) await expect(categoryFilter(page, title)).toContainText(`(${before[title]})`);
});

test('/search on a phone: the filters are folded above the results until opened', async ({ page }) => {
  await page.setViewportSize(narrow);
  const item = items[0]!;
  await page.goto(`/search?q=${encodeURIComponent(item.name)}`);
  const main = page.getByRole('main');
  await expect(main.locator('[data-search-results] li').first()).toBeVisible();
  const categories = main.getByRole('group', { name: categoryGroup });
  await expect(categories).toBeHidden();
  await main.getByRole('heading', { name: ui.searchFiltersHeading, exact: true }).click();
  await expect(categories).toBeVisible();
  await categories.getByLabel(offerings('categories').find((c) => c.slug === item.category)!.title).check();
  await expect(main.locator('summary')).toContainText('(1)');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: wide });

  test('the top-bar field is a GET form to /search', async ({ page }) => {
    await page.goto('/about');
    await barField(page).fill('lavender');
    await barField(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lavender$/);
  });

  test('/search lists every item A-Z with its category and code, and says so', async ({ page }) => {
    await page.goto('/search');
    await expect(page).toHaveTitle(/A-Z/);
    await expect(page.getByRole('main')).toContainText(/find in page/i);
    // A long catalogue's list comes in parts (src/lib/alphabetical-list.ts), each linked from the
    // first: every item is in exactly one of them, and they follow each other A-Z.
    const partLinks = page.locator('#a-z nav[aria-labelledby] a');
    const parts = (await partLinks.count()) ? await partLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')!)) : ['/search'];
    const names: string[] = [];
    const rowOf: Record<string, { code: string; category: string }> = {};
    for (const part of parts) {
      if (part !== '/search') await page.goto(part);
      for (const row of await page.locator('#a-z tbody tr').all()) {
        const [name, category, code] = await Promise.all([row.locator('th').innerText(), row.locator('td').nth(0).innerText(), row.locator('td').nth(1).innerText()]);
        names.push(name);
        rowOf[name] = { code, category };
      }
    }
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(items.map((item) => item.name).sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    for (const item of withCode) {
      expect(rowOf[item.name]?.code).toContain(String(item.fields.variant));
      expect(rowOf[item.name]?.category).toBe(offerings('categories').find((c) => c.slug === item.category)!.title);
    }
  });
});

test('the search bundle is served with its types', async ({ request }) => {
  const entry = await request.get('/pagefind/pagefind-entry.json');
  expect(entry.headers()['content-type']).toMatch(/^application\/json/);
  expect((await request.get('/pagefind/pagefind.js')).headers()['content-type']).toMatch(/^text\/javascript/);
  expect((await request.get('/pagefind/pagefind-worker.js')).headers()['content-type']).toMatch(/^text\/javascript/);
  const wasm = await request.get('/pagefind/wasm.en.pagefind');
  expect(wasm.status()).toBe(200);
  expect(wasm.headers()['content-type']).toBe('application/octet-stream');
  const language = (await entry.json()).languages.en as { hash: string };
  expect((await request.get(`/pagefind/pagefind.${language.hash}.pf_meta`)).headers()['content-type']).toBe('application/octet-stream');
});
