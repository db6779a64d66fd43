import { expect, test } from '@playwright/test';
import {
  certifications,
  companyPage,
  expectActions,
  narrow,
  offerings,
  recordScripts,
  runningStatisticAnimations,
  statisticShownAt,
  ui,
  wide,
} from './support';

const home = companyPage('home');
/** The statistics as the badge shows them: the figure, then its label. */
const statistics = (home.statistics.items as { value: string; label: string }[]).map(
  ({ value, label }) => `${value} ${label}`,
);

test.use({ viewport: wide });

test('sections come in order with their anchors', async ({ page }) => {
  await page.goto('/');
  const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  expect(ids).toEqual(['home', 'about', 'technologies', 'products', 'certifications', 'closing']);
  await expect(page.locator('#research')).toContainText(home.research.figure);
  await page.goto('/#research');
  await expect(page.locator('#research')).toBeInViewport();
});

test('hero, about, cards and calls to action show the home file and lead where it says', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(home.hero.heading);
  await expectActions(page.locator('#home'), home.hero.actions);

  const about = page.locator('#about');
  await expect(about.getByRole('heading', { level: 2 })).toHaveText(home.about.heading);
  await expect(about.getByRole('listitem')).toHaveText(home.about.checklist);
  for (const paragraph of home.about.paragraphs) await expect(about).toContainText(paragraph);
  await expectActions(about, [home.about.action]);

  const technologies = offerings('technologies');
  const technologyCards = page.locator('#technologies article');
  await expect(technologyCards.getByRole('heading')).toHaveText(technologies.map((t) => t.title));
  expect(
    await page.locator('#technologies article a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(technologies.map(({ slug }) => `/${slug}`));

  const categories = offerings('categories');
  const shown = categories.filter((c) => c.data.showOnHome);
  await expect(page.locator('#products article').getByRole('heading')).toHaveText(shown.map((c) => c.title));
  expect(
    await page.locator('#products article a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
  ).toEqual(shown.map(({ slug }) => `/products/${slug}`));
  for (const { slug } of categories.filter((c) => !c.data.showOnHome))
    await expect(page.locator(`#products a[href="/products/${slug}"]`)).toHaveCount(0);
  await expectActions(page.locator('#products'), [home.products.action]);

  const cards = page.locator('#certifications li');
  await expect(cards).toHaveCount(certifications().length);
  for (const { name, description } of certifications()) {
    const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(card).toContainText(description);
    await expect(card.getByRole('img')).toBeVisible();
  }
  await expectActions(page.locator('#closing'), [home.closing.action]);
});

test('the statistic badge shows each statistic of the home file in turn at its interval, and wraps, its dot following', async ({
  page,
}) => {
  await page.goto('/');
  const badge = page.getByRole('group', { name: ui.keyFigures });
  // Every statistic is in the page, read by a screen reader as one list.
  await expect(badge.getByRole('listitem')).toHaveCount(statistics.length);
  const interval = home.statistics.intervalMs as number;
  // Each step from its first moment to its last, and once more round: the wrap to the first.
  for (let step = 0; step <= statistics.length; step++) {
    for (const at of [step * interval + 50, (step + 1) * interval - 50]) {
      expect(await statisticShownAt(badge, at), `${at} ms into the rotation`).toEqual({
        shown: [statistics[step % statistics.length]],
        dot: step % statistics.length,
      });
    }
  }
});

test('the statistic badge pauses while hovered or focused, and stands still for reduced motion', async ({ page }) => {
  await page.goto('/');
  const badge = page.getByRole('group', { name: ui.keyFigures });
  expect(await runningStatisticAnimations(badge)).toBeGreaterThan(0);
  await badge.hover();
  await expect.poll(() => runningStatisticAnimations(badge)).toBe(0);
  await page.mouse.move(0, 0);
  await expect.poll(() => runningStatisticAnimations(badge)).toBeGreaterThan(0);
  // The keyboard: the badge takes focus.
  await badge.focus();
  await expect.poll(() => runningStatisticAnimations(badge)).toBe(0);
  await badge.blur();
  await expect.poll(() => runningStatisticAnimations(badge)).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => runningStatisticAnimations(badge)).toBe(0);
  expect((await statisticShownAt(badge, 0)).shown).toEqual([statistics[0]]);
});

test('the home page loads no script at 1280 px; at 390 px the menu opens with no script', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Late islands would load once the page has loaded and the browser is idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  expect(scripts).toEqual([]);

  await page.setViewportSize(narrow);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main (small screens)' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the badge turns all the same, from the first statistic, and every section is there', async ({ page }) => {
    await page.goto('/');
    const badge = page.getByRole('group', { name: ui.keyFigures });
    expect(await runningStatisticAnimations(badge)).toBeGreaterThan(0);
    expect(await statisticShownAt(badge, 0)).toEqual({ shown: [statistics[0]], dot: 0 });
    await expect(page.locator('#technologies article')).toHaveCount(offerings('technologies').length);
    await expect(page.locator('#certifications li')).toHaveCount(certifications().length);
  });
});
