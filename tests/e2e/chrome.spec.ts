/**
 * The frame of every page in the browser: the top bar's dropdowns, menu and fit at each width,
 * with and without JavaScript, and the manifest linked after load. The links of the top bar and
 * the footer as built are checked over dist/ in tests/dist/content-pages.test.ts.
 */
import { expect, test } from '@playwright/test';
import {
  escapeRegExp,
  expectExpanded,
  identity,
  isExpanded,
  narrow,
  narrowest,
  offerings,
  recordScripts,
  wide,
} from './support';

const technologies = offerings('technologies');
const categories = offerings('categories');

test.describe('top bar at 1280 px', () => {
  test.use({ viewport: wide });

  test('is fixed, and its menu toggle is for small screens only', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('body > header')).toHaveCSS('position', 'fixed');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('the Technologies dropdown opens on hover and lists every technology', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    const first = nav.getByRole('link', { name: new RegExp(escapeRegExp(technologies[0]!.title)) });
    await expect(first).toBeHidden();
    await nav.getByRole('link', { name: 'Technologies', exact: true }).hover();
    for (const { title, slug } of technologies) {
      await expect(nav.getByRole('link', { name: new RegExp(escapeRegExp(title)) })).toHaveAttribute(
        'href',
        `/${slug}`,
      );
    }
    await expect(nav.getByRole('link', { name: 'View All Technologies' })).toHaveAttribute('href', '/technologies');
  });

  test('the Products dropdown opens by keyboard focus and lists every category', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    const trigger = nav.getByRole('link', { name: 'Products', exact: true });
    const viewAll = nav.getByRole('link', { name: 'View All Products' });
    await expect(viewAll).toBeHidden();
    for (let i = 0; i < 40 && !(await trigger.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(trigger).toBeFocused();
    await expect(viewAll).toBeVisible();
    for (const { slug } of categories) {
      await expect(nav.locator(`a[href="/products/${slug}"]`)).toBeVisible();
    }
    // The next Tab goes into the open panel, which stays open.
    await page.keyboard.press('Tab');
    await expect(nav.locator(`a[href="/products/${categories[0]!.slug}"]`)).toBeFocused();
  });
});

test.describe('top bar at 390 px', () => {
  test.use({ viewport: narrow });

  test('becomes a menu opened and closed by a toggle, with no script of its own', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main (small screens)' });
    expect(await isExpanded(toggle)).toBe(false);
    await expect(menu).toBeHidden();
    // The browser opens the menu (a popover): opening it fetches no code.
    const before = [...scripts];
    await toggle.click();
    expect(await isExpanded(toggle)).toBe(true);
    await expect(menu).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(before);
    await expect(menu.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    for (const { slug } of [...technologies]) {
      await expect(menu.locator(`a[href="/${slug}"]`)).toBeVisible();
    }
    await toggle.click();
    expect(await isExpanded(toggle)).toBe(false);
    await expect(menu).toBeHidden();
  });

  test("on a slow link the menu opens at once and stays open when the page's scripts arrive", async ({ page }) => {
    await page.route('**/_astro/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main (small screens)' });
    await toggle.click();
    await expect(menu).toBeVisible({ timeout: 500 });
    await page.waitForLoadState('networkidle');
    expect(await isExpanded(toggle)).toBe(true);
    await expect(menu).toBeVisible();
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expectExpanded(toggle, true);
    await page.keyboard.press('Escape');
    await expectExpanded(toggle, false);
    await expect(toggle).toBeFocused();
  });
});

test('from 390 to 1280 px nothing in the top bar wraps or overflows, and the home link keeps its name', async ({
  page,
}) => {
  for (const width of [390, 768, 900, 1023, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/about');
    const bar = page.locator('body > header > div');
    await expect(
      page.locator('body > header').getByRole('link', { name: new RegExp(`^${escapeRegExp(identity.shortName)}`) }),
      `${width} px`,
    ).toBeVisible();
    // The lines of text each visible link and button of the bar takes: one each.
    const lines = await bar.locator('a:visible, button:visible').evaluateAll((elements) =>
      elements.map((element) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.height > 0) tops.add(Math.round(rect.top));
        }
        return { text: element.textContent?.trim() || element.getAttribute('aria-label'), lines: tops.size };
      }),
    );
    expect(
      lines.filter((item) => item.lines > 1),
      `${width} px`,
    ).toEqual([]);
    expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth), `${width} px`).toBe(true);
  }
});

test('at 320 px every link of the footer is a target of at least 24 px (WCAG 2.2, 2.5.8)', async ({ page }) => {
  await page.setViewportSize(narrowest);
  await page.goto('/about');
  const links = await page.locator('body > footer a').all();
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const box = (await link.boundingBox())!;
    expect(Math.min(box.width, box.height), await link.innerText()).toBeGreaterThanOrEqual(24);
  }
});

test.describe('without JavaScript', () => {
  test.use({ viewport: narrow, javaScriptEnabled: false });

  test('the small-screen menu still opens', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main (small screens)' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL('/careers');
  });
});

test('the web app manifest is linked once the page has loaded, not before, and names the site', async ({
  page,
  request,
}) => {
  // Linked in the HTML, it would be fetched next to the stylesheet and the first picture.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { linkedBeforeLoad: boolean }).linkedBeforeLoad =
        !!document.querySelector('link[rel="manifest"]');
    });
  });
  await page.goto('/products', { waitUntil: 'load' });
  expect(await page.evaluate(() => (window as unknown as { linkedBeforeLoad: boolean }).linkedBeforeLoad)).toBe(false);
  const link = page.locator('head link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('crossorigin', 'use-credentials');
  const manifest = await (await request.get((await link.getAttribute('href'))!)).json();
  expect(manifest.name).toBe(identity.name);
  expect(manifest.icons.map((icon: { src: string }) => icon.src)).toContain('/favicon.svg');
});
