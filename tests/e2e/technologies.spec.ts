/**
 * The technology pages in the browser: the sub-navigation as it shows and behaves at each width,
 * no script file, and every section shown without JavaScript. What the pages hold as built (cards,
 * sections, buttons, the long description, links that answer) is checked over dist/ in
 * tests/dist/content-pages.test.ts.
 */
import { expect, test } from '@playwright/test';
import { expectExpanded, narrow, offerings, recordScripts, ui, wide } from './support';

const technologies = offerings('technologies');

test.use({ viewport: wide });

for (const { slug, title } of technologies) {
  test(`${title}: marks its own link in the sub-navigation and loads no JavaScript at 1280 px`, async ({ page }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    const subnav = page.getByRole('navigation', { name: ui.subnav.technologies, exact: true });
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/${slug}`);
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });
}

test.describe('technology sub-navigation at 390 px', () => {
  test.use({ viewport: narrow });
  test('collapses into a Categories toggle', async ({ page }) => {
    const [first, last] = [technologies[0]!, technologies.at(-1)!];
    await page.goto(`/${last.slug}`);
    const subnav = page.getByRole('navigation', { name: ui.subnav.technologies, exact: true });
    const toggle = subnav.getByRole('button', { name: ui.subnav.toggle });
    await expect(subnav.locator('[data-subnav-grid]')).toBeHidden();
    await expectExpanded(toggle, false);
    await toggle.click();
    await expectExpanded(toggle, true);
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/${last.slug}`);
    await subnav.getByRole('link', { name: first.title, exact: true }).click();
    await expect(page).toHaveURL(`/${first.slug}`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('every section of every technology page shows', async ({ page }) => {
    for (const { slug, data } of technologies) {
      await page.goto(`/${slug}`);
      for (const section of data.sections ?? []) await expect(page.locator(`main section#${section.id}`)).toBeVisible();
    }
  });
});
