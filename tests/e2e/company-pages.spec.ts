/**
 * The company pages in the browser: no script file, "Last updated" set to the day of the visit,
 * and the cards' motion. What the pages hold as built (the files' words, pictures, links, the
 * legal texts' sections) and the redirects of older addresses are checked in
 * tests/dist/content-pages.test.ts.
 */
import { expect, test } from '@playwright/test';
import { offerings, recordScripts, ui, wide } from './support';

test.use({ viewport: wide });

for (const path of ['/about', '/careers', '/privacy-policy', '/terms-of-service', '/portfolio']) {
  test(`${path} loads no JavaScript file at 1280 px`, async ({ page }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });
}

for (const name of ['privacy-policy', 'terms-of-service'] as const) {
  test(`/${name}: "Last updated" on the day it is viewed`, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2027-03-05T10:00:00'));
    await page.goto(`/${name}`);
    await expect(page.getByText(new RegExp(`^${ui.lastUpdated}`))).toHaveText(`${ui.lastUpdated} March 5, 2027`);
    await expect(page.locator('time[data-viewed-date]')).toHaveAttribute('datetime', '2027-03-05');
  });
}

test('Portfolio: the category cards enter one after another', async ({ page }) => {
  await page.goto('/portfolio');
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(offerings('categories').length);
  for (const i of offerings('categories').keys())
    await expect(cards.nth(i)).toHaveCSS('animation-delay', `${Number((i * 0.1).toFixed(1))}s`);
});

test.describe('reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });
  test('category cards do not animate', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.locator('main article').last()).toHaveCSS('animation-name', 'none');
  });
});
