/**
 * The service worker (src/offline/sw.ts) in Chromium: pages opened before open again
 * offline, with their styles and pictures; any other page gets the offline page listing the kept
 * ones; the caches stay within their bound; /admin and /api/ never reach the worker; a repeat visit
 * does not wait for the network; a deploy's content shows by the next navigation.
 *
 * The worker only runs on localhost or https; Playwright allows service workers by default.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cacheNames, imageCdnPath, offlinePath, refreshWithoutLoadMs } from '../../src/offline/requests';
import { categoryPath, itemPath, routes } from '../../src/model/routes';
import { startPagesServer } from '../../tools/local-netlify/site-server.mjs';
import { narrow, offerings, productsOf, ui } from './support';

test.use({ viewport: narrow });

const category = offerings('categories')[0]!.slug;
const item = productsOf(category)[0]!;
/** Home, the products overview, a category and one of its items. */
const visited = [routes.home, routes.products, categoryPath(category), itemPath(category, item.id)];
const budgets = JSON.parse(readFileSync(join(process.cwd(), 'bench/budgets.json'), 'utf8'));
const worker = readFileSync(join(process.cwd(), 'dist/sw.js'), 'utf8');

/** The addresses kept in one of the worker's caches, as paths (with their query). */
const kept = (page: Page, cache: string) =>
  page.evaluate(
    async (name) =>
      (await (await caches.open(name)).keys()).map(
        (request) => new URL(request.url).pathname + new URL(request.url).search,
      ),
    cache,
  );

/** Opens `address` and waits until the worker controls the page and has kept it. */
async function visit(page: Page, address: string) {
  await page.goto(address);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => kept(page, cacheNames.pages)).toContain(new URL(address, page.url()).pathname);
}

/**
 * A server of the test's own over a copy of the build, whose files `change` rewrites: another
 * deploy, or a worker with other bounds. Routing /sw.js in the browser would not do: Chromium
 * checks the worker for updates itself after navigations, Playwright's routing does not see that
 * check, and the worker the server answers with then takes over.
 */
async function ownSite() {
  const root = mkdtempSync(join(tmpdir(), 'site-copy-'));
  cpSync('netlify.toml', join(root, 'netlify.toml'));
  cpSync('dist', join(root, 'dist'), { recursive: true });
  const site = await startPagesServer(root);
  return {
    url: site.url,
    change(file: string, change: (text: string) => string) {
      const path = join(root, 'dist', file);
      const text = readFileSync(path, 'utf8');
      rmSync(path);
      writeFileSync(path, change(text));
    },
    async close() {
      await site.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

test('pages opened before open again offline, with their styles and pictures', async ({ page, context }) => {
  // Every picture that crossed the network, the page's and the worker's requests alike: the first
  // page's, which the worker keeps once it has taken control, come from the browser's cache.
  const downloads: Promise<string | undefined>[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== imageCdnPath) return;
    downloads.push(
      request
        .response()
        .then(async (response) =>
          response && !response.fromServiceWorker() && (await request.sizes()).responseBodySize > 0
            ? request.url()
            : undefined,
        ),
    );
  });
  const pictures = new Map<string, string[]>();
  for (const path of visited) {
    await visit(page, path);
    // Every picture of the page, the lazy ones too.
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    pictures.set(
      path,
      await page.evaluate(() =>
        [...document.images].filter((img) => img.naturalWidth > 0).map((img) => img.currentSrc),
      ),
    );
  }
  expect([...pictures.values()].flat().length, 'the visited pages have pictures').toBeGreaterThan(0);
  // The first page's pictures are kept too, and no picture was downloaded twice.
  await expect
    .poll(() => kept(page, cacheNames.images))
    .toEqual(
      expect.arrayContaining(pictures.get(visited[0]!)!.map((src) => new URL(src).pathname + new URL(src).search)),
    );
  const downloaded = (await Promise.all(downloads)).filter((url) => url !== undefined);
  expect(downloaded.length).toBeGreaterThan(0);
  expect(
    downloaded.filter((url, index) => downloaded.indexOf(url) !== index),
    'downloaded twice',
  ).toEqual([]);

  await context.setOffline(true);
  for (const path of visited) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('h1').first(), path).toBeVisible();
    // Styled: the top bar is fixed and the theme's colours apply.
    expect(await page.locator('body > header').evaluate((header) => getComputedStyle(header).position), path).toBe(
      'fixed',
    );
    await page.mouse.wheel(0, 20_000);
    for (const src of pictures.get(path)!) {
      await expect
        .poll(
          () =>
            page.evaluate(
              (url) => [...document.images].some((img) => img.currentSrc === url && img.naturalWidth > 0),
              src,
            ),
          `${path}: ${src}`,
        )
        .toBe(true);
    }
  }
});

test('a page never opened gets the offline page, which lists the kept pages and when each was saved', async ({
  page,
  context,
}) => {
  const started = Date.now();
  for (const path of visited.slice(0, 2)) await visit(page, path);
  // Fetched ahead once a page outside lite mode has loaded.
  await expect.poll(() => kept(page, cacheNames.offline)).toContain(offlinePath);
  await context.setOffline(true);

  const response = await page.goto(routes.about);
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.offline.heading);
  const list = page
    .getByRole('list')
    .filter({ has: page.getByRole('link') })
    .and(page.locator('[data-kept-pages]'));
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest first: the products overview was opened last.
  await expect(items.nth(0).getByRole('link')).toHaveAttribute('href', visited[1]!);
  await expect(items.nth(1).getByRole('link')).toHaveAttribute('href', visited[0]!);
  for (const [index, path] of [visited[1]!, visited[0]!].entries()) {
    const link = items.nth(index).getByRole('link');
    await expect(link).not.toBeEmpty();
    const time = items.nth(index).locator('time');
    const saved = Date.parse((await time.getAttribute('datetime'))!);
    expect(saved, path).toBeGreaterThanOrEqual(started - 1000);
    expect(saved, path).toBeLessThanOrEqual(Date.now());
    await expect(time).not.toBeEmpty();
    await expect(items.nth(index)).toContainText(ui.offline.saved.split('{time}')[0]!.trim());
  }
  await expect(page.getByText(ui.offline.listEmpty)).toHaveCount(0);

  // A kept page opens from the list.
  await items.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${visited[1]}$`));
  expect(await page.locator('body > header').evaluate((header) => getComputedStyle(header).position)).toBe('fixed');
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the offline page says what its list is for, and is not for search engines', async ({ page }) => {
    const response = await page.goto(offlinePath);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.offline.heading);
    await expect(page.getByRole('heading', { name: ui.offline.listHeading })).toBeVisible();
    await expect(page.locator('[data-kept-pages] li')).toHaveText([ui.offline.listEmpty]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test('/admin and /api/ never reach the worker; pages do', async ({ page, context }) => {
  const reachedWorker: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker()) reachedWorker.push(new URL(request.url()).pathname);
  });
  await visit(page, routes.home);
  const home = await page.goto(routes.home);
  expect(home?.fromServiceWorker(), 'a page is answered by the worker').toBe(true);

  const api = page.waitForResponse((response) => response.url().includes(routes.contactEndpoint));
  await page.evaluate((endpoint) => fetch(endpoint).then((r) => r.status), routes.contactEndpoint);
  expect((await api).fromServiceWorker()).toBe(false);
  const post = page.waitForResponse(
    (response) => response.url().includes(routes.contactEndpoint) && response.request().method() === 'POST',
  );
  await page.evaluate(
    (endpoint) =>
      fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
        (r) => r.status,
      ),
    routes.contactEndpoint,
  );
  expect((await post).fromServiceWorker()).toBe(false);

  const admin = await page.goto('/admin');
  expect(admin?.fromServiceWorker()).toBe(false);
  // Chromium's static routing sends /admin to the network without even starting the worker.
  const timing = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
      workerMatchedSourceType?: string;
    };
    return { matched: entry.workerMatchedSourceType, workerStart: entry.workerStart };
  });
  expect(timing).toEqual({ matched: 'network', workerStart: 0 });
  const config = await page.request.get('/admin/config.yml');
  expect(config.ok()).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(reachedWorker.filter((path) => path.startsWith('/admin') || path.startsWith('/api/'))).toEqual([]);
  expect(await kept(page, cacheNames.pages)).not.toContain('/admin');
});

test('each cache keeps at most its bound, the oldest saved out first', async ({ page }) => {
  const bound = `pages:${budgets.serviceWorker.cache.pages.max}`;
  expect(worker, 'the worker carries the pages bound of bench/budgets.json').toContain(bound);
  // The same worker, with room for two pages.
  const site = await ownSite();
  site.change('sw.js', (code) => code.replace(bound, 'pages:2'));
  try {
    for (const path of visited) await visit(page, `${site.url}${path}`);
    expect((await kept(page, cacheNames.pages)).sort()).toEqual(visited.slice(-2).sort());
    // Opened again, the oldest becomes the newest: the other one goes next.
    // (A page opened again is saved anew once the worker's refresh of it, after its load, is answered.)
    await visit(page, `${site.url}${visited[2]}`);
    await expect.poll(() => kept(page, cacheNames.pages)).toEqual([visited[3]!, visited[2]!]);
    await visit(page, `${site.url}${routes.about}`);
    await expect
      .poll(async () => (await kept(page, cacheNames.pages)).sort())
      .toEqual([visited[2]!, routes.about].sort());
  } finally {
    await site.close();
  }
});

test('a repeat visit renders from the cache without waiting for the network', async ({ page, context }) => {
  await visit(page, routes.careers);
  // From now on the network takes 5 s to answer the page.
  let delayed = 0;
  await context.route(`**${routes.careers}`, async (route) => {
    delayed++;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await route.continue().catch(() => undefined);
  });
  const started = Date.now();
  const response = await page.goto(routes.careers, { waitUntil: 'domcontentloaded' });
  const elapsed = Date.now() - started;
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.locator('h1').first()).toBeVisible();
  expect(elapsed, 'ms until the page was there').toBeLessThan(2000);
  // The worker asked the network in the background, to refresh its copy.
  await expect.poll(() => delayed).toBeGreaterThan(0);
});

/** The worker's own requests for `path` from now on: when each was sent, its ETag condition and the answer's status. */
function workerRequests(context: BrowserContext, path: string) {
  const sent: { at: number; condition: string | undefined; status: Promise<number | undefined> }[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname !== path || !request.serviceWorker()) return;
    sent.push({
      at: Date.now(),
      condition: request.headers()['if-none-match'],
      status: request.response().then(
        (response) => response?.status(),
        () => undefined,
      ),
    });
  });
  return sent;
}

/** When the page's load event started, in the same clock as Date.now(). */
const loadedAt = (page: Page) =>
  page.evaluate(
    () =>
      performance.timeOrigin +
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
  );

test('a kept page is refreshed once it has loaded, asked with its ETag: unchanged, it costs a 304', async ({
  page,
  context,
}) => {
  await visit(page, routes.careers);
  const refreshes = workerRequests(context, routes.careers);
  const response = await page.goto(routes.careers, { waitUntil: 'load' });
  expect(response?.fromServiceWorker()).toBe(true);
  await expect.poll(() => refreshes.length, 'the worker refreshes its copy').toBe(1);
  // Not while the page still needed the link: after its load event.
  expect(refreshes[0]!.at).toBeGreaterThanOrEqual(await loadedAt(page));
  expect(refreshes[0]!.condition, "asked on the kept copy's ETag").toBeTruthy();
  expect(await refreshes[0]!.status).toBe(304);
  // The copy stays, and still opens offline.
  await context.setOffline(true);
  await page.goto(routes.careers);
  await expect(page.locator('h1').first()).toBeVisible();
});

test('a kept page opened without its script is refreshed all the same, a few seconds later', async ({
  page,
  context,
}) => {
  await visit(page, routes.careers);
  const refreshes = workerRequests(context, routes.careers);
  // The page's script never runs, so it never tells the worker it has loaded.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  const opened = Date.now();
  const response = await page.goto(routes.careers, { waitUntil: 'load' });
  expect(response?.fromServiceWorker()).toBe(true);
  await expect.poll(() => refreshes.length, { timeout: refreshWithoutLoadMs + 5000 }).toBe(1);
  expect(refreshes[0]!.at - opened).toBeGreaterThanOrEqual(refreshWithoutLoadMs - 100);
  expect(await refreshes[0]!.status).toBe(304);
});

test('after a deploy, the next navigation shows the new content', async ({ page }) => {
  // A deploy changes the files the server answers with: a server of the test's own.
  const site = await ownSite();
  try {
    await page.addInitScript(() => {
      navigator.serviceWorker?.addEventListener(
        'controllerchange',
        () => ((window as unknown as { workerChanged: boolean }).workerChanged = true),
      );
    });
    for (const path of [routes.about, routes.careers]) await visit(page, `${site.url}${path}`);
    const build = worker.match(/"build:[\w-]+"/)?.[0];
    expect(build, 'the worker names its build').toBeTruthy();

    // The deploy: a new worker (another build) and a changed careers page.
    const marker = 'Content of the next deploy';
    site.change('sw.js', (code) => code.replaceAll(build!, '"build:next-deploy"'));
    site.change('careers.html', (html) => html.replace(/(<h1[^>]*>)/, `$1${marker} `));

    // The visitor opens a page: it answers at once from the kept copy, and meanwhile the browser
    // checks the worker, finds the new one, which takes over.
    const about = await page.goto(`${site.url}${routes.about}`);
    expect(about?.fromServiceWorker()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { workerChanged?: boolean }).workerChanged), {
        timeout: 15_000,
      })
      .toBe(true);
    // The next navigation shows the new content, though the page was kept before the deploy.
    await page.goto(`${site.url}${routes.careers}`);
    await expect(page.locator('h1').first()).toContainText(marker);
    // And keeps it: offline, the new copy opens.
    await page.context().setOffline(true);
    await page.goto(`${site.url}${routes.careers}`);
    await expect(page.locator('h1').first()).toContainText(marker);
  } finally {
    await site.close();
  }
});

test('a search opened before shows its results offline; a new one says search needs a connection', async ({
  page,
  context,
}) => {
  const name = item.title;
  const address = `${routes.search}?q=${encodeURIComponent(name)}`;
  await page.goto(routes.home);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(address);
  await expect.poll(() => kept(page, cacheNames.pages)).toContain(address);
  // Its island has loaded, so the worker keeps its scripts too.
  await expect(page.getByRole('main').locator('[data-hydrated]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const results = page.getByRole('main').locator('[data-search-results] li a');
  const shown = await results.allInnerTexts();
  expect(shown).toContain(name);

  await context.setOffline(true);
  const response = await page.goto(address);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(results).toHaveText(shown);
  // The offline page lists it under its own title, with its words.
  await page.goto(offlinePath);
  await expect(page.getByRole('main').locator(`a[href="${address}"]`)).toContainText(name);

  await page.goto(address);
  const main = page.getByRole('main');
  await expect(main.locator('[data-hydrated]')).toHaveCount(1);
  await main.getByRole('searchbox').fill(`${name} other`);
  await expect(main.getByRole('status')).toHaveText(ui.searchOffline);
  await expect(main.getByRole('link', { name: ui.searchOfflinePages })).toHaveAttribute('href', offlinePath);
  await context.setOffline(false);
});
