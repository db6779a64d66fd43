/**
 * The home page in the browser: scrolling to an anchor, the pictures, the statistic badge's
 * motion, and no script file. What the page holds as built (its sections in order, the home file's
 * words, cards and buttons, the same with or without JavaScript) is checked over dist/ in
 * tests/dist/content-pages.test.ts.
 */
import { expect, test } from '@playwright/test';
import {
  certifications,
  companyPage,
  narrow,
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

test('an anchor in the address scrolls its section into view', async ({ page }) => {
  await page.goto('/#research');
  await expect(page.locator('#research')).toBeInViewport();
});

test('every certification card shows its picture', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('#certifications li');
  await expect(cards).toHaveCount(certifications().length);
  for (const { name } of certifications())
    await expect(
      cards.filter({ has: page.getByRole('heading', { name, exact: true }) }).getByRole('img'),
      name,
    ).toBeVisible();
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
  test('the badge turns all the same, from the first statistic', async ({ page }) => {
    await page.goto('/');
    const badge = page.getByRole('group', { name: ui.keyFigures });
    expect(await runningStatisticAnimations(badge)).toBeGreaterThan(0);
    expect(await statisticShownAt(badge, 0)).toEqual({ shown: [statistics[0]], dot: 0 });
  });
});
