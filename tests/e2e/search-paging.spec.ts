/**
 * The search's requests and pages (src/search/useSearchAnswer.ts, src/search/SearchResults.tsx):
 * typing a phrase at a steady pace is one request when typing pauses, never one a key, and never
 * two on their way at once; a long list of results is paged to its end, with and without
 * JavaScript. Words and counts come from the content and the server's own answer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse as parseYaml } from 'yaml';
import { ui, wide } from './support';
import { routes } from '../../src/model/routes';

const products = join(process.cwd(), 'src/content/products');
const fieldsOf = (category: string, name: string) =>
  parseYaml(readFileSync(join(products, category, name), 'utf8').split(/^---$/m)[1] ?? '') as Record<string, unknown>;
const items = readdirSync(products).flatMap((category) =>
  readdirSync(join(products, category))
    .filter((name) => name.endsWith('.md'))
    .map((name) => fieldsOf(category, name)),
);
/** An item name of two words or more, the longest: typed key by key. */
const phrase = items
  .map((fields) => String(fields.name ?? fields.title))
  .filter((name) => /^[A-Za-z]+( [A-Za-z]+)+$/.test(name))
  .sort((a, b) => b.length - a.length)[0]!
  .toLowerCase();
/** The substrate most items name: its search is the longest list of results. */
const substrate = (() => {
  const count = new Map<string, number>();
  for (const fields of items)
    for (const value of (fields.substrates as string[] | undefined) ?? [])
      count.set(value, (count.get(value) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1])[0]![0].toLowerCase();
})();

/** How many results the server says a search has, and how many a page shows. */
async function answerOf(page: Page, query: string) {
  const answer = await page.request.get(`${routes.searchAnswer}?${query}`);
  return (await answer.json()) as { total: number; pages: number; results: unknown[] };
}

test.describe('typing', () => {
  test.use({ viewport: wide });

  test(`"${phrase}" typed at 120 ms a key sends at most 2 searches, one at a time`, async ({ page }) => {
    const sent: string[] = [];
    let onTheirWay = 0;
    let most = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== routes.searchAnswer) return;
      sent.push(request.url());
      most = Math.max(most, ++onTheirWay);
    });
    const done = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === routes.searchAnswer) onTheirWay--;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.clock.install();
    await page.goto('/about');
    const field = page.getByRole('banner').getByRole('searchbox');
    await field.click();
    await expect(page.getByRole('banner').locator('[data-hydrated]')).toHaveCount(1);
    // The page's clock is the test's from here: 120 ms between keys whatever the machine's load.
    // An installed clock still flows with real time until it is paused.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    for (const key of phrase) {
      await page.keyboard.type(key);
      await page.clock.runFor(120);
    }
    await page.clock.runFor(2000);
    await expect(page.getByRole('banner').locator('[data-search-results] li').first()).toBeVisible();
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(most).toBe(1);
    expect(new URL(sent.at(-1)!).searchParams.get('q')).toBe(phrase);
  });
});

test.describe('one search at a time', () => {
  test.use({ viewport: wide });

  test('a search typed while another is on its way waits for it, and the one typed past is never sent', async ({
    page,
  }) => {
    const [first, ...rest] = phrase.split(' ');
    const held: { continue(): Promise<void> }[] = [];
    const sent: string[] = [];
    await page.route(`**${routes.searchAnswer}?*`, (route) => {
      sent.push(route.request().url());
      held.push(route);
    });
    await page.clock.install();
    await page.goto('/about');
    await page.getByRole('banner').getByRole('searchbox').click();
    await expect(page.getByRole('banner').locator('[data-hydrated]')).toHaveCount(1);
    await page.keyboard.type(first!);
    await page.clock.runFor(2000);
    await expect.poll(() => sent.length).toBe(1);
    // The rest typed, with pauses long enough for a search each, while the first is on its way.
    for (const word of rest) {
      await page.keyboard.type(` ${word}`);
      await page.clock.runFor(2000);
    }
    expect(sent).toHaveLength(1);
    await held.shift()!.continue();
    await expect.poll(() => sent.length).toBe(2);
    expect(new URL(sent[1]!).searchParams.get('q')).toBe(phrase);
    await held.shift()!.continue();
    await expect(page.getByRole('banner').locator('[data-search-results] li').first()).toBeVisible();
  });
});

/** Follows the next-page links from a search's first page to its last, collecting every result. */
async function everyResult(page: Page, address: string, click: boolean): Promise<string[]> {
  await page.goto(address);
  const main = page.getByRole('main');
  if (click) await expect(main.locator('[data-hydrated]')).toHaveCount(1);
  const seen: string[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const list = main.locator('[data-search-results] li > a');
    await expect(list.first()).toBeVisible();
    seen.push(...(await list.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))));
    const next = main
      .getByRole('navigation', { name: ui.searchPagesLabel })
      .getByRole('link', { name: ui.searchNextPage });
    if ((await next.count()) === 0) return seen;
    const before = await list.first().getAttribute('href');
    if (click) {
      await next.click();
      await expect(list.first()).not.toHaveAttribute('href', before ?? '');
    } else await page.goto(new URL((await next.getAttribute('href'))!, page.url()).href);
  }
  throw new Error('no last page');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(`"${substrate}" and its substrate filter are paged to their last result`, async ({ page }) => {
    for (const query of [
      `q=${encodeURIComponent(substrate)}`,
      `substrate=${encodeURIComponent(substrate[0]!.toUpperCase() + substrate.slice(1))}`,
    ]) {
      const { total, pages, results } = await answerOf(page, query);
      expect(pages, query).toBeGreaterThan(1);
      expect(results.length).toBeLessThan(total);
      const seen = await everyResult(page, `${routes.search}?${query}`, false);
      expect(seen.length, query).toBe(total);
      expect(new Set(seen).size).toBe(total);
    }
  });
});

test(`with JavaScript, the island pages "${substrate}" to its last result and the address follows`, async ({
  page,
}) => {
  const query = `q=${encodeURIComponent(substrate)}`;
  const { total, pages } = await answerOf(page, query);
  const seen = await everyResult(page, `${routes.search}?${query}`, true);
  expect(seen.length).toBe(total);
  expect(new Set(seen).size).toBe(total);
  expect(new URL(page.url()).searchParams.get('page')).toBe(String(pages));
});
