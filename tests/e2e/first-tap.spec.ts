/**
 * The first tap on a small-screen toggle opens its panel, every time, on a phone-speed CPU, and
 * the toggle says what the page shows while its island's code is still on the way.
 *
 * Each of the many loads is a fresh browser context (cold cache, nothing hydrated) at 390 px with
 * the CPU slowed down four times, tapped as soon as the document has been parsed, so the island's
 * code arrives and hydrates while the first tap is being answered.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { builtPages, narrow, offerings, ui } from './support';

/** Fresh loads per toggle, split into tests of a few loads each so both workers share them. */
const loads = 50;
const loadsPerTest = 5;
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
  { name: 'top-bar Menu', pages: builtPages(), toggle: (page) => page.getByRole('button', { name: 'Menu' }) },
  { name: 'technology Categories', pages: technologyPages, toggle: subNavToggle(ui.subnav.technologies) },
  { name: 'product-category Categories', pages: categoryPages, toggle: subNavToggle(ui.subnav.categories) },
];

const open = 'aria-expanded=true, panel shown';
const closed = 'aria-expanded=false, panel hidden';

/** What the toggle says and whether its panel shows, read at once, without Playwright's retries. */
const stateOf = (toggle: Locator) =>
  toggle.evaluate((button) => {
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    return `aria-expanded=${button.getAttribute('aria-expanded')}, panel ${panel?.checkVisibility() ? 'shown' : 'hidden'}`;
  });

/** Resolves once the toggle's island has hydrated (Disclosure marks its root `data-hydrated`). */
const hydrated = (toggle: Locator) =>
  toggle.evaluate(
    (button) =>
      new Promise<void>((resolve) => {
        const root = button.closest('.disclosure')!;
        if (root.hasAttribute('data-hydrated')) return resolve();
        new MutationObserver(() => root.hasAttribute('data-hydrated') && resolve()).observe(root, { attributes: true });
      }),
  );

/** Collects console errors and uncaught exceptions (a hydration mismatch would show here). */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * One fresh load on a slowed-down CPU: the first input on the toggle, then a second tap.
 * Returns what went wrong, so a test reports every failing load rather than only the first.
 */
async function firstInput(browser: Browser, baseURL: string, kind: ToggleKind, path: string, input: 'tap' | 'Enter' | 'Space') {
  const context = await browser.newContext({ baseURL, viewport: narrow, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const errors = recordErrors(page);
    // The island scripts run before DOMContentLoaded; pictures may still be loading, as on a phone.
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
    await hydrated(toggle);
    // Two frames for anything hydration set off (a late render, a replayed click) to land.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    check('after hydration', await stateOf(toggle), open);
    await toggle.tap();
    check('after a second tap', await stateOf(toggle), closed);
    return [...problems, ...errors.map((error) => `${path} (${input}) console: ${error}`)];
  } finally {
    await context.close();
  }
}

for (const kind of kinds) {
  test.describe(`the ${kind.name} toggle at 390 px on a ${cpuSlowdown}× slower CPU`, () => {
    test.describe.configure({ timeout: 90_000 });

    for (let first = 0; first < loads; first += loadsPerTest) {
      test(`opens on the first tap, fresh loads ${first + 1}-${first + loadsPerTest}`, async ({ browser, baseURL }) => {
        const problems: string[] = [];
        for (let load = first; load < first + loadsPerTest; load++) {
          problems.push(...(await firstInput(browser, baseURL!, kind, kind.pages[load % kind.pages.length]!, 'tap')));
        }
        expect(problems).toEqual([]);
      });
    }

    test('opens on the first Enter or Space on the focused toggle', async ({ browser, baseURL }) => {
      const problems: string[] = [];
      for (const [index, path] of kind.pages.slice(0, 4).entries()) {
        problems.push(...(await firstInput(browser, baseURL!, kind, path, index % 2 ? 'Space' : 'Enter')));
      }
      expect(problems).toEqual([]);
    });
  });
}

test.describe('before the island has hydrated', () => {
  test.use({ viewport: narrow, hasTouch: true });

  /** Holds back the site's scripts so the toggle is answered by `client:click` alone for a while. */
  const slowScripts = (page: Page) =>
    page.route('**/_astro/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });

  test('a second tap closes the menu again, and the island carries on from there', async ({ page }) => {
    await slowScripts(page);
    const errors = recordErrors(page);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(open);
    // The icon shows the state too: a cross while open.
    await expect(toggle.locator('.disclosure-when-open')).toBeVisible();
    await expect(toggle.locator('.disclosure-when-closed')).toBeHidden();
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(closed);
    await expect(page.locator('.disclosure[data-hydrated]')).toHaveCount(0);
    await hydrated(toggle);
    expect(await stateOf(toggle)).toBe(closed);
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(open);
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(closed);
    expect(errors).toEqual([]);
  });

  test('Escape, a tap outside and a chosen link close the Categories panel', async ({ page }) => {
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

    await toggle.tap();
    // Keep the page: the link's default action is cancelled, the toggle still sees the choice.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), true));
    await page.getByRole('navigation', { name: ui.subnav.categories }).locator(`a[href="${categoryPages[1]}"]:visible`).tap();
    expect(await stateOf(toggle)).toBe(closed);
    await expect(page.locator('.disclosure[data-hydrated]')).toHaveCount(0);

    // The island, once hydrated, agrees: the next tap opens.
    await hydrated(toggle);
    await toggle.tap();
    expect(await stateOf(toggle)).toBe(open);
  });
});
