import { expect, test } from '@playwright/test';
import {
  expectExpanded,
  companyPage,
  escapeRegExp,
  expectActions,
  expectSections,
  narrow,
  offerings,
  readBody,
  recordScripts,
  ui,
  wide,
} from './support';

const technologies = offerings('technologies');
const overview = companyPage('technologies');

test.use({ viewport: wide });

test('the overview has a card for every technology file, with its features and link, and its buttons', async ({
  page,
}) => {
  await page.goto('/technologies');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(overview.hero.heading);
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(technologies.length);
  for (const [i, { slug, title, data }] of technologies.entries()) {
    await expect(cards.nth(i).getByRole('heading')).toHaveText(title);
    await expect(
      cards.nth(i).getByRole('link', { name: new RegExp(`^${escapeRegExp(overview.cardLinkLabel)}`) }),
    ).toHaveAttribute('href', `/${slug}`);
    await expect(cards.nth(i).getByRole('img')).toHaveAttribute('alt', data.imageAlt);
    await expect(cards.nth(i).locator('ul li')).toHaveText(data.features);
  }
  await expectActions(page.getByRole('main'), overview.hero.actions ?? []);
  await expectActions(page.locator('#closing'), overview.closing.actions);
});

for (const { slug, title, data } of technologies) {
  test(`${title}: its file's sections, sub-navigation and no JavaScript at 1280 px`, async ({ page }) => {
    const scripts = recordScripts(page);
    const response = await page.goto(`/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.hero.heading);
    const subnav = page.getByRole('navigation', { name: ui.subnav.technologies, exact: true });
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveAttribute('href', `/${slug}`);
    await expect(subnav.locator('a[aria-current="page"]:visible')).toHaveCount(1);
    await expectActions(page.getByRole('main'), data.hero.actions ?? [], slug);
    await expectSections(page, data.sections ?? [], slug);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test(`${title}: every button and link in the page leads to a page that answers 200`, async ({ page, request }) => {
    await page.goto(`/${slug}`);
    const hrefs = await page
      .locator('main a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs).not.toContain('#');
    for (const href of hrefs) {
      expect((await request.get(href)).status(), href).toBe(200);
    }
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
  test('technology pages read completely', async ({ page }) => {
    for (const { slug, data, file } of technologies) {
      await page.goto(`/${slug}`);
      for (const section of data.sections ?? []) await expect(page.locator(`main section#${section.id}`)).toBeVisible();
      // The long description, the Markdown under the fields, is in the page as written.
      const firstParagraph = readBody(file)
        .trim()
        .split(/\n\s*\n/)[0]!
        .replace(/\s+/g, ' ');
      if (firstParagraph)
        await expect(page.locator('main')).toContainText(firstParagraph.replace(/[*_`]/g, '').slice(0, 60));
    }
  });
});
