/**
 * The first tap on a small-screen toggle opens its panel, every time, on a phone-speed CPU while
 * the page is still loading, and the toggle says what the page shows.
 *
 * The menus are HTML (a `popovertarget` button and its popover), so the tap waits for no script.
 * Each load is a fresh browser context (cold cache) at 390 px with the CPU slowed down four times,
 * tapped as soon as the document has been parsed, while the page's scripts are still on the way.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { builtPages, collectErrors, isExpanded, narrow, offerings, ui } from './support';
import { fetchedAheadPaths } from '../../src/offline/requests';

/** Fresh loads per toggle, each of another page where the toggle is on several. */
const loads = 5;
/** How much slower than this machine's CPU the page runs (Chrome DevTools' "4× slowdown"). */
const cpuSlowdown = 4;

interface ToggleKind {
  name: string;
  pages: string[];
  toggle: (page: Page) => Locator;
}

const subNavToggle = (navigation: string) => (page: Page) =>
  page.getByRole('navigation', { name: navigation, exact: true }).getByRole('button', { name: ui.subnav.toggle });

const technologyPages = offerings('technologies').map(({ slug }) => `/${slug}`);
const categoryPages = offerings('categories').map(({ slug }) => `/products/${slug}`);

const kinds: ToggleKind[] = [
  // Every page has the top bar but the two the service worker fetches ahead, whose small layout has none.
  {
    name: 'top-bar Menu',
    pages: builtPages().filter((path) => !(fetchedAheadPaths as readonly string[]).includes(path)),
    toggle: (page) => page.getByRole('button', { name: ui.menu }),
  },
  { name: 'technology Categories', pages: technologyPages, toggle: subNavToggle(ui.subnav.technologies) },
  { name: 'product-category Categories', pages: categoryPages, toggle: subNavToggle(ui.subnav.categories) },
];

const open = 'expanded, panel shown';
const closed = 'collapsed, panel hidden';

/** What the toggle says and whether its panel shows, read at once, without Playwright's retries. */
async function stateOf(toggle: Locator) {
  const shown = await toggle.evaluate(
    (button) => (button as HTMLButtonElement).popoverTargetElement?.checkVisibility() ?? false,
  );
  return `${(await isExpanded(toggle)) ? 'expanded' : 'collapsed'}, panel ${shown ? 'shown' : 'hidden'}`;
}

/** Resolves once the page has loaded and its scripts have run, two frames later. */
const settled = async (page: Page) => {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
};

/**
 * One fresh load on a slowed-down CPU: the first input on the toggle, then a second tap.
 * Returns what went wrong, so a test reports every failing load rather than only the first.
 */
async function firstInput(
  browser: Browser,
  baseURL: string,
  kind: ToggleKind,
  path: string,
  input: 'tap' | 'Enter' | 'Space',
) {
  const context = await browser.newContext({ baseURL, viewport: narrow, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const errors = collectErrors(page);
    // Tapped at DOMContentLoaded: pictures and the islands' scripts may still be loading, as on a phone.
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const toggle = kind.toggle(page);
    if (input === 'tap') {
      await toggle.tap();
    } else {
      await toggle.focus();
      await page.keyboard.press(input);
    }
    const problems: string[] = [];
    const check = (moment: string, state: string, wanted: string) => {
      if (state !== wanted) problems.push(`${path} (${input}) ${moment}: ${state}`);
    };
    check('at once', await stateOf(toggle), open);
    // Nothing that arrives later (the page's scripts, its islands) closes it.
    await settled(page);
    check('once the page has loaded', await stateOf(toggle), open);
    await toggle.tap();
    check('after a second tap', await stateOf(toggle), closed);
    return [...problems, ...errors.map((error) => `${path} (${input}) console: ${error}`)];
  } finally {
    await context.close();
  }
}

for (const kind of kinds) {
  test.describe(`the ${kind.name} toggle at 390 px on a ${cpuSlowdown}× slower CPU`, () => {
    test.describe.configure({ timeout: 60_000 });

    test(`opens on the first tap, ${loads} fresh loads`, async ({ browser, baseURL }) => {
      const problems: string[] = [];
      for (let load = 0; load < loads; load++) {
        problems.push(...(await firstInput(browser, baseURL!, kind, kind.pages[load % kind.pages.length]!, 'tap')));
      }
      expect(problems).toEqual([]);
    });

    test('opens on the first Enter or Space on the focused toggle', async ({ browser, baseURL }) => {
      const problems: string[] = [];
      for (const [index, path] of kind.pages.slice(0, 2).entries()) {
        problems.push(...(await firstInput(browser, baseURL!, kind, path, index % 2 ? 'Space' : 'Enter')));
      }
      expect(problems).toEqual([]);
    });
  });
}

test.describe("while the page's scripts are held back", () => {
  test.use({ viewport: narrow, hasTouch: true });

  /** Holds back the site's scripts, so only HTML and CSS answer the toggle for a while. */
  const slowScripts = (page: Page) =>
    page.route('**/_astro/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });

  test('a second tap closes the menu again, and it carries on so once the scripts have run', async ({ page }) => {
    await slowScripts(page);
    const errors = collectErrors(page);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: ui.menu });
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(open);
    // The icon shows the state too: a cross while open.
    await expect(toggle.locator('.menu-when-open')).toBeVisible();
    await expect(toggle.locator('.menu-when-closed')).toBeHidden();
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(closed);
    await page.waitForLoadState('networkidle');
    expect(await stateOf(toggle)).toBe(closed);
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(open);
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(closed);
    expect(errors).toEqual([]);
  });

  test('Escape and a tap outside close the Categories panel', async ({ page }) => {
    await slowScripts(page);
    await page.goto(categoryPages[0]!);
    const toggle = subNavToggle(ui.subnav.categories)(page);
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(open);
    await page.keyboard.press('Escape');
    expect(await stateOf(toggle)).toBe(closed);
    await expect(toggle).toBeFocused();

    await toggle.tap();
    await page.locator('main h1').tap({ position: { x: 4, y: 4 } });
    expect(await stateOf(toggle)).toBe(closed);
  });
});

test('a chosen link closes the Categories panel (the one thing script adds)', async ({ page }) => {
  await page.setViewportSize(narrow);
  await page.goto(categoryPages[0]!);
  await page.waitForLoadState('networkidle');
  const toggle = subNavToggle(ui.subnav.categories)(page);
  await toggle.click();
  expect(await stateOf(toggle)).toBe(open);
  // Keep the page: the link's default action is cancelled, the menu still sees the choice.
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => (event.target as Element).closest('a') && event.preventDefault(),
      true,
    ),
  );
  await page
    .getByRole('navigation', { name: ui.subnav.categories })
    .locator(`a[href="${categoryPages[1]}"]:visible`)
    .click();
  expect(await stateOf(toggle)).toBe(closed);
  await expect(page).toHaveURL(categoryPages[0]!);
  await toggle.click();
  expect(await stateOf(toggle)).toBe(open);
});
