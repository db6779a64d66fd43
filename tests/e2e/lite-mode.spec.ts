import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  companyPage,
  narrow,
  offerings,
  productsOf,
  recordScripts,
  runningStatisticAnimations,
  saveData,
  statisticShownAt,
  ui,
  wcagAudit,
  wide,
} from './support';

/**
 * Lite mode (src/offline/lite-mode.ts): on under Save-Data or a 2G connection, or by the visitor's
 * choice in the footer; no decorative picture, product pictures on a tap, no island hydrating,
 * every fact kept.
 */

/** Every picture the page asks the image CDN for. */
function recordPictures(page: Page): string[] {
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/.netlify/images')) pictures.push(request.url());
  });
  return pictures;
}

/** `path` in a fresh browser context at `viewport`, in lite mode or not, loaded, with the pictures it asked for. */
async function openFresh(browser: Browser, viewport: { width: number; height: number }, lite: boolean, path: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (lite) await saveData(context, page);
  const pictures = recordPictures(page);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return { context, page, pictures };
}

/** Whether an <img> has arrived and decoded. */
const isLoaded = (img: Locator) =>
  img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

/** A category whose items have pictures, and its address. */
const withPictures = offerings('categories').find((category) =>
  productsOf(category.slug).some((item) => item.data.image),
)!;
const categoryPath = `/products/${withPictures.slug}`;
const pictured = productsOf(withPictures.slug).filter((item) => item.data.image);

/** The page's main text, as a reader gets it, without lite mode's own buttons. */
const mainText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[data-show-picture]').forEach((button) => button.remove());
    return copy.innerText.replace(/\s+/g, ' ').trim();
  });

/** Links and their addresses in the main content (documents, contact, item pages). */
const mainLinks = (page: Page) =>
  page.locator('main a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));

for (const viewport of [narrow, wide]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Save-Data turns lite mode on: no picture loads until a product picture is tapped, and every fact stays', async ({
      context,
      page,
      browser,
    }) => {
      await saveData(context, page);
      const pictures = recordPictures(page);
      await page.goto(categoryPath);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('data-lite', '');
      expect(pictures, 'pictures loaded in lite mode before any tap').toEqual([]);
      await expect(page.locator('picture[data-picture]').filter({ visible: true })).toHaveCount(0);

      // The same page in a normal browser says the same things and links to the same places.
      const normal = await browser.newPage({ viewport });
      await normal.goto(categoryPath);
      expect(await mainText(page)).toBe(await mainText(normal));
      expect(await mainLinks(page)).toEqual(await mainLinks(normal));
      await normal.close();

      // Each product picture has a button in its place; a tap loads that picture alone.
      const buttons = page.getByRole('button', { name: ui.showPicture });
      await expect(buttons).toHaveCount(pictured.length);
      // By its id: a tapped card's button is hidden, and the role locator would move to the next card.
      const id = await page.locator('article').filter({ has: buttons.first() }).first().getAttribute('id');
      const first = page.locator(`article[id="${id}"]`);
      await first.getByRole('button', { name: ui.showPicture }).click();
      const picture = first.locator('picture[data-picture="product"] img');
      await expect(picture).toBeVisible();
      await expect.poll(() => isLoaded(picture)).toBe(true);
      await expect(picture).toBeFocused();
      await page.waitForLoadState('networkidle');
      expect(pictures).toHaveLength(1);
      // The tapped picture's button is gone; the others stay.
      await expect(buttons).toHaveCount(pictured.length - 1);
    });

    test('in lite mode no island hydrates on its own, and typing in the search field loads nothing', async ({
      context,
      page,
    }) => {
      await saveData(context, page);
      const scripts = recordScripts(page);
      for (const path of ['/', '/contact']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // The islands would hydrate once the page is loaded and the browser idle.
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
      }
      expect(scripts, 'scripts loaded in lite mode').toEqual([]);

      // The contact form is the plain HTML form: still in the page, posting to the function.
      await expect(page.locator('form[method="post"]')).toBeVisible();

      const search = page
        .getByRole('search')
        .getByRole('searchbox', { name: ui.searchLabel })
        .filter({ visible: true })
        .first();
      if (viewport === narrow) await page.getByRole('button', { name: ui.menu }).click();
      await search.click();
      await search.pressSequentially('pigment');
      await page.waitForTimeout(500);
      expect(scripts, 'scripts loaded while typing in lite mode').toEqual([]);
      await search.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=pigment$/);
      expect(scripts).toEqual([]);
    });
  });
}

test('in lite mode the statistic badge stands on its first statistic', async ({ context, page }) => {
  await saveData(context, page);
  await page.goto('/');
  const badge = page.getByRole('group', { name: ui.keyFigures });
  expect(await runningStatisticAnimations(badge)).toBe(0);
  expect((await statisticShownAt(badge, 0)).shown).toEqual([
    (companyPage('home').statistics.items as { value: string; label: string }[]).map(
      ({ value, label }) => `${value} ${label}`,
    )[0],
  ]);
});

test('the footer control turns lite mode on and off, and the choice is remembered', async ({
  browser,
  context,
  page,
}) => {
  const pictures = recordPictures(page);
  await page.goto(categoryPath);
  const control = page.getByRole('contentinfo').getByRole('button', { name: ui.liteMode });
  await expect(control).toHaveAttribute('aria-pressed', 'false');
  await page.waitForLoadState('networkidle');
  expect(pictures.length).toBeGreaterThan(0);

  await control.focus();
  await page.keyboard.press('Enter');
  await expect(control).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('picture[data-picture]').filter({ visible: true })).toHaveCount(0);

  // The next visit (a fresh browser cache, the same site storage) starts in lite mode.
  const nextVisit = await browser.newContext({ storageState: await context.storageState() });
  const next = await nextVisit.newPage();
  const nextPictures = recordPictures(next);
  await next.goto(categoryPath);
  await next.waitForLoadState('networkidle');
  const nextControl = next.getByRole('contentinfo').getByRole('button', { name: ui.liteMode });
  await expect(nextControl).toHaveAttribute('aria-pressed', 'true');
  expect(nextPictures).toEqual([]);

  // Turned off, the pictures come back at once, and on the visits after.
  await nextControl.click();
  await expect(nextControl).toHaveAttribute('aria-pressed', 'false');
  await expect(next.locator('picture[data-picture="product"]').first()).toBeVisible();
  // Lazy pictures load as they come near the screen; the control is at the foot of the page.
  await next.locator('picture[data-picture] img').first().scrollIntoViewIfNeeded();
  await expect.poll(() => nextPictures.length).toBeGreaterThan(0);
  await next.goto('/about');
  await expect(next.locator('html')).not.toHaveAttribute('data-lite', '');
  await nextVisit.close();
});

/** The addresses a picture may be fetched from: each of its sources' candidates, and its img's. */
const candidates = (picture: Locator) =>
  picture.evaluate((element) =>
    [...element.querySelectorAll('source, img')]
      .flatMap((source) => [
        ...(source.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!),
        source.getAttribute('src') ?? '',
      ])
      .filter(Boolean)
      .map((url) => new URL(url, location.href).href),
  );

test("a page head's picture is fetched at once beside the heading from 1024 px, and never on a phone or in lite mode", async ({
  browser,
}) => {
  for (const viewport of [wide, narrow]) {
    for (const lite of [false, true]) {
      const { context, page, pictures } = await openFresh(browser, viewport, lite, categoryPath);
      const head = page.locator('main picture[data-picture="decorative"]').first();
      const img = head.locator('img');
      const shown = viewport === wide && !lite;
      const where = `${viewport.width} px${lite ? ', lite mode' : ''}`;
      await expect(img, where).toHaveAttribute('loading', shown ? 'eager' : 'lazy');
      if (shown) {
        await expect(img).toBeVisible();
        expect(await isLoaded(img), where).toBe(true);
      } else {
        await expect(img).toBeHidden();
        const addresses = await candidates(head);
        expect(addresses.length).toBeGreaterThan(0);
        expect(
          pictures.filter((url) => addresses.includes(url)),
          where,
        ).toEqual([]);
      }
      await context.close();
    }
  }
});

test("an item's own picture is fetched at once on a phone outside lite mode, and in it only when tapped", async ({
  browser,
}) => {
  const itemPath = `${categoryPath}/${pictured[0]!.id}`;
  for (const lite of [false, true]) {
    const { context, page, pictures } = await openFresh(browser, narrow, lite, itemPath);
    const first = page.locator('main picture[data-picture="product"] img').first();
    await expect(first).toHaveAttribute('loading', lite ? 'lazy' : 'eager');
    if (lite) {
      expect(pictures).toEqual([]);
      // The item's own picture comes before its line of script and its button; the button finds it.
      await page.getByRole('button', { name: ui.showPicture }).first().click();
      await expect(first).toBeVisible();
      await expect.poll(() => pictures.length).toBe(1);
    } else {
      expect(await isLoaded(first)).toBe(true);
    }
    await context.close();
  }
});

test('a visitor who turned lite mode off keeps it off under Save-Data', async ({ context, page }) => {
  await saveData(context, page);
  await page.goto('/');
  const control = page.getByRole('contentinfo').getByRole('button', { name: ui.liteMode });
  await expect(control).toHaveAttribute('aria-pressed', 'true');
  await control.click();
  await page.goto(categoryPath);
  await expect(page.locator('html')).not.toHaveAttribute('data-lite', '');
  await expect(page.locator('picture[data-picture="product"]').first()).toBeVisible();
});

test('a 2G connection turns lite mode on', async ({ context, page }) => {
  test.slow();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium reports effectiveType "2g" from 1.4 s of round trip.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1500,
    downloadThroughput: 1_000_000,
    uploadThroughput: 1_000_000,
    connectionType: 'cellular2g',
  });
  await page.goto('/contact', { waitUntil: 'commit' });
  await expect
    .poll(() =>
      page.evaluate(
        () => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType,
      ),
    )
    .toBe('2g');
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('html')).toHaveAttribute('data-lite', '');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the control is not offered, and pictures load as usual', async ({ page }) => {
    const pictures = recordPictures(page);
    await page.goto(categoryPath);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: ui.liteMode })).toHaveCount(0);
    await expect(page.getByRole('button', { name: ui.showPicture })).toBeHidden();
    expect(pictures.length).toBeGreaterThan(0);
  });
});

test.describe('the line at the top', () => {
  test.use({ viewport: narrow });

  test('under Save-Data it says on every page that lite mode is on, and turns it off with no island', async ({
    context,
    page,
  }) => {
    await saveData(context, page);
    const scripts = recordScripts(page);
    const line = page.locator('#lite-mode-line');
    for (const path of ['/', categoryPath, '/contact', '/offline']) {
      await page.goto(path);
      await expect(line, path).toBeVisible();
      await expect(line, path).toContainText(ui.liteModeOn);
      // At the top: right under the top bar (a slim page's is not fixed), in the first screen.
      const top = (await line.boundingBox())!.y;
      const bar = (await page.locator('body > header').boundingBox())!;
      expect(Math.abs(top - (bar.y + bar.height)), path).toBeLessThanOrEqual(1);
      // Nothing of the page is hidden under it: the main content starts below it.
      const main = (await page.locator('main').boundingBox())!;
      expect(main.y + (path === '/offline' ? 0 : bar.height), path).toBeGreaterThanOrEqual(
        top + (await line.boundingBox())!.height - 1,
      );
    }
    const results = await wcagAudit(page).include('#lite-mode-line').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await page.goto('/');
    const off = line.getByRole('button', { name: ui.liteModeOff });
    expect((await off.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await off.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).not.toHaveAttribute('data-lite', '');
    await expect(line).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: ui.liteMode })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(scripts, 'scripts loaded for the line').toEqual([]);
    // The choice holds on the next page, Save-Data or not.
    await page.goto(categoryPath);
    await expect(line).toBeHidden();
    await expect(page.locator('picture[data-picture="product"]').first()).toBeVisible();
  });

  test('the footer control turns the line on and off with lite mode', async ({ page }) => {
    await page.goto('/about');
    const line = page.locator('#lite-mode-line');
    await expect(line).toBeHidden();
    const control = page.getByRole('contentinfo').getByRole('button', { name: ui.liteMode });
    await control.click();
    await expect(line).toBeVisible();
    await control.click();
    await expect(line).toBeHidden();
  });
});
