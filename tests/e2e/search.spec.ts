/**
 * Site search: the field in the top bar and the small-screen menu, /search with its filters, and
 * /search without JavaScript, all answered by the one search on the server
 * (src/search/catalogue-search.ts). Expectations come from the content files as editors write
 * them: the catalogue, the page's words and the synonyms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { escapeRegExp, narrow, offerings, recordScripts, ui, wcagAudit, wide } from './support';
import { routes } from '../../src/model/routes';
import { offlinePath } from '../../src/offline/requests';

const products = join(process.cwd(), 'src/content/products');

/** Every catalogue item: its category folder, file name and fields. */
const items = readdirSync(products).flatMap((category) =>
  readdirSync(join(products, category))
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const fields = parseYaml(readFileSync(join(products, category, name), 'utf8').split(/^---$/m)[1] ?? '') as Record<
        string,
        unknown
      >;
      return { category, slug: name.replace(/\.md$/, ''), name: String(fields.name ?? fields.title), fields };
    }),
);
/** Items whose `variant` is a single product code (essential oils, slurries). */
const withCode = items.filter(
  (item) => typeof item.fields.variant === 'string' && /^[A-Z]+-[A-Z0-9-]+$/.test(item.fields.variant),
);

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await wcagAudit(page).analyze();
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
/** A word of item names shared by the most categories (read from the content). */
const sharedWord = (() => {
  const spread = new Map<string, Set<string>>();
  for (const item of items)
    for (const word of item.name.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
      spread.set(word, (spread.get(word) ?? new Set()).add(item.category));
  return [...spread].sort((a, b) => b[1].size - a[1].size)[0]![0];
})();

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
    // The island's script, and nothing more than it to search: no index to download first.
    expect(scripts.some((url) => url.includes('/_astro/SiteSearch'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await first.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/products/${item.category}(/${item.slug}|#${item.slug})$`));
    expect(violations).toEqual([]);
  });

  test("says /search's count and shows /search's first results, asking the search once per query", async ({ page }) => {
    const word = sharedWord;
    const answers: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === routes.searchAnswer) answers.push(request.url());
    });
    await page.goto('/about');
    await barField(page).click();
    await barField(page).pressSequentially(word, { delay: 10 });
    const status = page.getByRole('banner').getByRole('status');
    await expect(status).not.toHaveText(ui.searchLoading);
    const said = await status.innerText();
    const firstInBar = await barResults(page).getByRole('link').allInnerTexts();
    // Typed quickly, the word is one request, not one per letter.
    expect(answers.length).toBeLessThanOrEqual(2);

    await page.goto(`/search?q=${encodeURIComponent(word)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('status')).toHaveText(said);
    const onPage = await main.locator('[data-search-results] li a').allInnerTexts();
    expect(onPage.slice(0, firstInBar.length)).toEqual(firstInBar);
  });

  test('an exact code puts its item first, for three items', async ({ page }) => {
    await page.goto('/contact');
    for (const item of withCode.slice(0, 3)) {
      await barField(page).fill(String(item.fields.variant));
      const first = barResults(page).first();
      await expect(first.getByRole('link'), String(item.fields.variant)).toHaveText(item.name);
      await expect(first).toContainText(String(item.fields.variant));
    }
  });

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
  await expect(page.getByRole('banner').locator('[data-search-results] li').first().getByRole('link')).toHaveText(
    item.name,
  );
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
  const other = offerings('categories').find(
    (c) => c.slug !== category.slug && items.some((item) => item.category === c.slug),
  );
  if (other) {
    const otherLabel = categoryFilter(page, other.title);
    await expect(otherLabel).toContainText(`(${items.filter((item) => item.category === other.slug).length})`);
  }
  for (const item of inCategory)
    await expect(results.getByRole('link', { name: item.name, exact: true })).toHaveCount(1);
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
    const shownCategories = await results.evaluateAll((rows) =>
      rows.map((row) => row.querySelector('p')?.textContent?.split(' · ')[0] ?? ''),
    );
    expect(await label.innerText()).toContain(`(${shownCategories.filter((c) => c === category.title).length})`);
  }).toPass({ timeout: 5000 });
});

test('/search keeps counting the other categories when one is chosen', async ({ page }) => {
  // A name's word found in the names of items of the most categories (read from the content).
  const spread = new Map<string, Set<string>>();
  for (const item of items)
    for (const word of item.name.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
      spread.set(word, (spread.get(word) ?? new Set()).add(item.category));
  const [word, categories] = [...spread].sort((a, b) => b[1].size - a[1].size)[0]!;
  test.skip(categories.size < 2, 'no name word is shared by two categories');
  await page.setViewportSize(wide);
  await page.goto('/search');
  const main = page.getByRole('main');
  await main.getByRole('searchbox').fill(word);
  await expect(main.locator('[data-search-results] li').first()).toBeVisible();
  const titles = offerings('categories')
    .filter((c) => categories.has(c.slug))
    .map((c) => c.title);
  const countOf = async (title: string) =>
    Number((await categoryFilter(page, title).innerText()).match(/\((\d+)\)$/)?.[1]);
  await expect(async () => {
    for (const title of titles) expect(await countOf(title), title).toBeGreaterThan(0);
  }).toPass({ timeout: 5000 });
  const before = Object.fromEntries(
    await Promise.all(titles.map(async (title) => [title, await countOf(title)] as const)),
  );
  await categoryFilter(page, titles[0]!).locator('input').check();
  await expect(main.locator('[data-search-results] li')).toHaveCount(Math.min(before[titles[0]!]!, 50));
  for (const title of titles) await expect(categoryFilter(page, title)).toContainText(`(${before[title]})`);
});

for (const javaScript of [true, false]) {
  test(`/search on a phone ${javaScript ? 'with' : 'without'} JavaScript: the first results on the first screen, the filters folded above them`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: narrow, javaScriptEnabled: javaScript });
    const page = await context.newPage();
    const item = items[0]!;
    await page.goto(`/search?q=${encodeURIComponent(item.name)}`);
    const main = page.getByRole('main');
    const first = main.locator('[data-search-results] li').first();
    await expect(first).toBeVisible();
    if (javaScript) await expect(main.locator('[data-hydrated]')).toHaveCount(1);
    // The field, the folded filters and the first result are all on the first screen.
    expect((await first.boundingBox())!.y + 40, 'the first result starts on the first screen').toBeLessThan(
      narrow.height,
    );
    const summary = main.locator('summary');
    expect((await summary.boundingBox())!.y).toBeLessThan((await first.boundingBox())!.y);
    const categories = main.getByRole('group', { name: categoryGroup });
    await expect(categories).toBeHidden();
    await main.getByRole('heading', { name: ui.searchFiltersHeading, exact: true }).click();
    await expect(categories).toBeVisible();
    // Each filter is a target of at least 24 px (WCAG 2.2, 2.5.8): its label, box and words.
    for (const label of await categories.locator('label').all())
      expect((await label.boundingBox())!.height, await label.innerText()).toBeGreaterThanOrEqual(24);
    const category = offerings('categories').find((c) => c.slug === item.category)!.title;
    const box = categories.getByLabel(category);
    await box.scrollIntoViewIfNeeded();
    if (!javaScript) {
      // The button that sends the filters stays at the foot of the screen while they are open.
      await expect(main.getByRole('button', { name: ui.searchApplyFilters })).toBeInViewport();
      await box.check();
      await main.getByRole('button', { name: ui.searchApplyFilters }).click();
      await expect(page).toHaveURL(/category=/);
      await expect(main.locator('summary')).toContainText('(1)');
      await context.close();
      return;
    }
    // A tap shows its change where the visitor is: the count at the foot of the screen, and the link down to the results.
    await box.check();
    await expect(main.locator('summary')).toContainText('(1)');
    const results = main.locator('[data-search-results] li');
    const count = await results.count();
    const foot = main.getByRole('link', { name: ui.searchShowResults });
    await expect(foot).toBeInViewport();
    await expect(foot.locator('xpath=..')).toContainText(ui.searchCount(count).replace(/\d+/, ''));
    await foot.click();
    await expect(first).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
}

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
    // A long catalogue's list comes in parts (src/search/alphabetical-list.ts), each linked from the
    // first: every item is in exactly one of them, and they follow each other A-Z.
    const partLinks = page.locator('#a-z nav[aria-labelledby] a');
    const parts = (await partLinks.count())
      ? await partLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
      : ['/search'];
    const names: string[] = [];
    const rowOf: Record<string, { code: string; category: string }> = {};
    for (const part of parts) {
      if (part !== '/search') await page.goto(part);
      for (const row of await page.locator('#a-z tbody tr').all()) {
        const [name, category, code] = await Promise.all([
          row.locator('th').innerText(),
          row.locator('td').nth(0).innerText(),
          row.locator('td').nth(1).innerText(),
        ]);
        names.push(name);
        rowOf[name] = { code, category };
      }
    }
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(
      items.map((item) => item.name).sort((a, b) => a.localeCompare(b)),
    );
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    for (const item of withCode) {
      expect(rowOf[item.name]?.code).toContain(String(item.fields.variant));
      expect(rowOf[item.name]?.category).toBe(offerings('categories').find((c) => c.slug === item.category)!.title);
    }
  });
});

test("the search's answer is JSON, kept five minutes, and /search's own answer", async ({ request }) => {
  const answer = await request.get(`${routes.searchAnswer}?q=${encodeURIComponent(sharedWord)}`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/json/);
  expect(answer.headers()['cache-control']).toBe('public, max-age=300');
  const { total, results } = (await answer.json()) as { total: number; results: { url: string }[] };
  const page = await (await request.get(`/search?q=${encodeURIComponent(sharedWord)}`)).text();
  expect(page).toContain(ui.searchCount(total));
  const links = [...page.matchAll(/data-search-results[^]*?<\/ul>/g)][0]![0].match(/href="([^"]+)"/g)!;
  expect(links.map((link) => link.slice(6, -1))).toEqual(results.map((result) => result.url));
});

// ---------------------------------------------------------------------------------------------
// From question to sample: faceted counts, the search in the address, inherited industries.

type Group = 'category' | 'industry' | 'method';
/** A filter value's label on /search: the value, then its count in brackets. */
const filterLabel = (page: Page, group: Group, value: string) =>
  page
    .getByRole('main')
    .getByRole('group', { name: ui.searchFilterGroups[group] })
    .locator('label', { hasText: new RegExp(`^${escapeRegExp(value)} \\(`) });
/** Each value of a group with the count its label shows. */
async function countsOf(page: Page, group: Group): Promise<Map<string, number>> {
  const texts = await page
    .getByRole('main')
    .getByRole('group', { name: ui.searchFilterGroups[group] })
    .locator('label')
    .allInnerTexts();
  return new Map(texts.map((text) => [text.replace(/ \(.*$/s, '').trim(), Number(text.match(/\((\d+)/)?.[1])]));
}
const mainResults = (page: Page) => page.getByRole('main').locator('[data-search-results] li');

/** The page has settled: without JavaScript at once; with it once the island has hydrated and the search has answered. */
async function settled(page: Page, javaScript: boolean) {
  const main = page.getByRole('main');
  if (javaScript) {
    await expect(main.locator('[data-hydrated]')).toHaveCount(1);
    await expect(main.getByRole('status')).not.toHaveText(ui.searchLoading);
  }
  // The filters fold on a phone, and without JavaScript: unfold them.
  const group = main.getByRole('group', { name: ui.searchFilterGroups.category });
  if (!(await group.isVisible()))
    await main.getByRole('heading', { name: ui.searchFiltersHeading, exact: true }).click();
  await expect(group).toBeVisible();
}

/** Chooses a filter value: with JavaScript it applies at once; without, the form sends it. */
async function choose(page: Page, javaScript: boolean, group: Group, value: string) {
  await filterLabel(page, group, value).locator('input').check();
  if (!javaScript) await page.getByRole('main').getByRole('button', { name: ui.searchApplyFilters }).click();
  await settled(page, javaScript);
}

/** An item without industries of its own whose category names them: it takes its category's. */
const inheriting = items.find(
  (item) =>
    !Array.isArray(item.fields.industries) &&
    Array.isArray(offerings('categories').find((c) => c.slug === item.category)?.data.industries),
);

for (const viewport of [narrow, wide]) {
  for (const javaScript of [true, false]) {
    test.describe(`/search at ${viewport.width} px ${javaScript ? 'with' : 'without'} JavaScript`, () => {
      test.use({ viewport, javaScriptEnabled: javaScript });

      test('faceted counts never lead from a value with a count to no result', async ({ page }) => {
        await page.goto(`/search?q=${encodeURIComponent(sharedWord)}`);
        await settled(page, javaScript);
        const categories = [...(await countsOf(page, 'category'))].filter(([, count]) => count > 0);
        expect(categories.length).toBeGreaterThan(0);
        const [category, categoryCount] = categories[0]!;
        await choose(page, javaScript, 'category', category);
        await expect(mainResults(page)).toHaveCount(Math.min(categoryCount, 50));
        // Within that category, every industry with a count gives that many results, and one
        // without says so and cannot be chosen.
        const industries = await countsOf(page, 'industry');
        for (const [value, count] of industries) {
          if (count === 0) {
            await expect(filterLabel(page, 'industry', value)).toContainText(`(0, `);
            await expect(filterLabel(page, 'industry', value).locator('input')).toBeDisabled();
          }
        }
        const industry = [...industries].find(([, count]) => count > 0);
        test.skip(!industry, 'no industry in the chosen category');
        await choose(page, javaScript, 'industry', industry![0]);
        await expect(mainResults(page)).toHaveCount(Math.min(industry![1], 50));
        expect(industry![1]).toBeGreaterThan(0);
        // The category keeps counting what it gives with the industry chosen: its own count is the results'.
        expect((await countsOf(page, 'category')).get(category)).toBe(industry![1]);
      });

      test('a shared search link restores the search: the words, the filters and the results', async ({ page }) => {
        const item = inheriting ?? items[0]!;
        const category = offerings('categories').find((c) => c.slug === item.category)!;
        const industry = String(
          ((item.fields.industries as string[] | undefined) ?? (category.data.industries as string[]))[0],
        );
        const link = `/search?q=${encodeURIComponent(item.name)}&category=${encodeURIComponent(category.title)}&industry=${encodeURIComponent(industry)}`;
        await page.goto(link);
        await settled(page, javaScript);
        const main = page.getByRole('main');
        await expect(main.getByRole('searchbox')).toHaveValue(item.name);
        await expect(filterLabel(page, 'category', category.title).locator('input')).toBeChecked();
        await expect(filterLabel(page, 'industry', industry).locator('input')).toBeChecked();
        await expect(main.locator('summary')).toContainText('(2)');
        await expect(mainResults(page).getByRole('link', { name: item.name, exact: true })).toHaveCount(1);
        // Above the A-Z list, which stays complete.
        await expect(main.locator('#a-z tbody tr').first()).toBeVisible();
        if (!javaScript) return;
        // Reload, back and forward restore it too.
        await page.reload();
        await settled(page, javaScript);
        await expect(filterLabel(page, 'industry', industry).locator('input')).toBeChecked();
        await filterLabel(page, 'industry', industry).locator('input').uncheck();
        await expect(page).not.toHaveURL(/industry=/);
        await page.goBack();
        await expect(page).toHaveURL(/industry=/);
        await expect(filterLabel(page, 'industry', industry).locator('input')).toBeChecked();
        await page.goForward();
        await expect(page).not.toHaveURL(/industry=/);
        await expect(filterLabel(page, 'industry', industry).locator('input')).not.toBeChecked();
        await expect(main.getByRole('searchbox')).toHaveValue(item.name);
      });
    });
  }
}

test("an item without industries of its own shows its category's, says so, and is found under them", async ({
  page,
}) => {
  test.skip(!inheriting, 'every item names its own industries');
  const category = offerings('categories').find((c) => c.slug === inheriting!.category)!;
  const industries = category.data.industries as string[];
  await page.setViewportSize(wide);
  await page.goto(`/products/${inheriting!.category}/${inheriting!.slug}`);
  const note = page.getByRole('main').locator('[data-inherited]').first();
  await expect(note).toHaveText(ui.fill(ui.inheritedFact, { category: category.title }));
  const inheritedLists = page
    .getByRole('main')
    .locator('dd')
    .filter({ has: page.locator('[data-inherited]') });
  for (const industry of industries) await expect(inheritedLists.filter({ hasText: industry })).toHaveCount(1);
  await page.goto(`/search?industry=${encodeURIComponent(industries[0]!)}`);
  await expect(mainResults(page).getByRole('link', { name: inheriting!.name, exact: true })).toHaveCount(1);
});

test('when nothing matches, the top bar links to the A-Z list on /search', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.goto('/about');
  await barField(page).fill('zzqqxx');
  const link = page.getByRole('banner').getByRole('link', { name: ui.searchAtoZ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/search#a-z$/);
  await expect(page.locator('#a-z tbody tr').first()).toBeVisible();
});

// ---------------------------------------------------------------------------------------------
// One search: the words buyers use, the same answer with and without JavaScript, and nothing
// shown that is taken back.

/** A word typed with a letter left out ("softner"), from the longest word of an item's name. */
const misspelling = (() => {
  const word = items
    .flatMap((item) => item.name.toLowerCase().match(/\p{L}{8,}/gu) ?? [])
    .sort((a, b) => b.length - a.length)[0]!;
  return word.slice(0, 3) + word.slice(4);
})();
/** A phrase buyers type, from the editors' synonyms. */
const synonymPhrase = (
  JSON.parse(readFileSync(join(process.cwd(), 'src/content/search/synonyms.json'), 'utf8')) as {
    synonyms: { words: string[] }[];
  }
).synonyms[0]!.words[0]!;
const firstFive = (page: Page) =>
  page
    .getByRole('main')
    .locator('[data-search-results] li a')
    .allInnerTexts()
    .then((t) => t.slice(0, 5));

test('a misspelling and a synonym give the same first five results with and without JavaScript, typed or linked', async ({
  browser,
}) => {
  for (const query of [misspelling, synonymPhrase]) {
    const address = `/search?q=${encodeURIComponent(query)}`;
    const plain = await browser.newContext({ viewport: wide, javaScriptEnabled: false });
    const withoutScript = await plain.newPage();
    await withoutScript.goto(address);
    const expected = await firstFive(withoutScript);
    expect(expected.length, `${query} finds something`).toBeGreaterThan(0);
    await plain.close();

    const context = await browser.newContext({ viewport: wide });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === routes.searchAnswer) asked.push(request.url());
    });
    // Linked: the island starts from the server's answer and keeps it, asking nothing.
    await page.goto(address);
    const main = page.getByRole('main');
    await expect(main.locator('[data-hydrated]')).toHaveCount(1);
    expect(await firstFive(page)).toEqual(expected);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    // Typed: the islands' answer is the same.
    await main.getByRole('searchbox').fill('');
    await main.getByRole('searchbox').pressSequentially(query, { delay: 10 });
    await expect(main.getByRole('status')).not.toHaveText(ui.searchLoading);
    await expect.poll(() => firstFive(page)).toEqual(expected);
    await context.close();
  }
});

test('on a slow link, nothing is said before the answer and the first results shown stay', async ({ page }) => {
  await page.setViewportSize(narrow);
  await page.route(`**${routes.searchAnswer}?*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(routes.search);
  const main = page.getByRole('main');
  await expect(main.locator('[data-hydrated]')).toHaveCount(1);
  // Everything the status says and every list of results shown, from the first keystroke on.
  await page.evaluate(() => {
    const seen: { status: string[]; lists: string[] } = { status: [], lists: [] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new MutationObserver(() => {
      const status = document.querySelector('main [role="status"]')?.textContent ?? '';
      if (status !== seen.status.at(-1)) seen.status.push(status);
      const list = [...document.querySelectorAll('main [data-search-results] a')].map((a) => a.textContent).join('|');
      if (list && list !== seen.lists.at(-1)) seen.lists.push(list);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // One input, so one query: typing slower than the pause would send each word's start too.
  await main.getByRole('searchbox').fill(sharedWord);
  await expect(main.locator('[data-search-results] li').first()).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(2000);
  const seen = await page.evaluate(() => (window as unknown as { seen: { status: string[]; lists: string[] } }).seen);
  expect(seen.status).toContain(ui.searchLoading);
  expect(seen.status).not.toContain(ui.searchNone);
  expect(seen.lists, 'one list of results, never replaced').toHaveLength(1);
});

test("offline, the top bar's search says it needs a connection and links to the pages kept", async ({
  page,
  context,
}) => {
  await page.setViewportSize(wide);
  await page.goto('/about');
  await barField(page).click();
  await expect(page.getByRole('banner').locator('[data-hydrated]')).toHaveCount(1);
  await context.setOffline(true);
  await barField(page).fill(sharedWord);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(ui.searchOffline);
  await expect(page.getByRole('banner').getByRole('link', { name: ui.searchOfflinePages })).toHaveAttribute(
    'href',
    offlinePath,
  );
  await expect(barResults(page)).toHaveCount(0);
  await context.setOffline(false);
});
