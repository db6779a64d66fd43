/**
 * Field data of real visits (src/vitals/, src/vitals/client.ts), in Chromium against the
 * production build: a page view in the sample loads /vitals.js once idle and sends one beacon when
 * it is left, which the function keeps and `npm run vitals` counts; a page view outside the sample,
 * in lite mode or under Save-Data fetches nothing for it.
 *
 * The test controls the sample without changing the build: Playwright's Chromium reports
 * `navigator.webdriver` (which keeps every other test and the benchmarks outside the sample, as it
 * keeps test runners and crawlers out of the live data), so a visitor's page here says it is not
 * driven by automation and fixes what `Math.random` gives the sampling script: 0 is always in, the
 * build's own sample (the script draws `Math.random() < sample`) always out.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { liteModeStorageKey } from '../../src/offline/lite-mode';
import { itemPath, routes } from '../../src/model/routes';
import { vitalsPageAttribute, vitalsSampleAttribute } from '../../src/vitals/sample';
import type { StoredBeacon } from '../../src/vitals/beacon';
import { blobsVitalsStore, vitalsStoreName } from '../../src/vitals/store';
import { lastDays } from '../../src/server/day-folders';
import { openStore } from '../../src/server/operator-store.mjs';
import { offerings, productsOf, saveData, siteStore, wide } from './support';

const run = promisify(execFile);

// One at a time: the tests count the beacons the local store holds before and after.
test.describe.configure({ mode: 'serial' });

/** The sample the build wrote on every page (VITALS_SAMPLE). */
const sample = Number(
  /data-vitals-sample="([^"]+)"/.exec(readFileSync(join(process.cwd(), 'dist/index.html'), 'utf8'))?.[1],
);

/** An item of the catalogue, from the content. */
const category = offerings('categories')[0]!;
const item = itemPath(category.slug, productsOf(category.slug)[0]!.id);

/** A person's browser, as far as the sampling script can tell, whose draw of `Math.random` is `draw`. */
async function visitor(page: Page, draw: number) {
  await page.addInitScript((value) => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
    Math.random = () => value;
  }, draw);
}

/** Every request for the field-data script or to the beacon endpoint, and every script. */
function recordVitals(page: Page) {
  const seen = { vitals: [] as string[], scripts: [] as string[] };
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === routes.vitalsScript || pathname === routes.vitalsEndpoint)
      seen.vitals.push(`${request.method()} ${pathname}`);
    if (request.resourceType() === 'script') seen.scripts.push(pathname);
  });
  return seen;
}

/** Waits for the load event, the browser's idle moment and a little more: when a sampled page view would load the script. */
const settle = (page: Page) =>
  page.evaluate(() =>
    new Promise((resolve) =>
      document.readyState === 'complete' ? resolve(null) : addEventListener('load', resolve),
    ).then(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1000)))),
  );

/** Leaves the page, which is when a beacon would go, and gives it time to go. */
async function leave(page: Page) {
  await page.goto('about:blank');
  await page.waitForTimeout(500);
}

/**
 * The beacons the test server's function kept today and yesterday, read from its local store as
 * `npm run vitals` reads it. (Chromium does not report a beacon sent while the page unloads as a
 * request of the page, so the store is where it is seen.)
 */
async function kept(): Promise<StoredBeacon[]> {
  const { store, close } = await openStore({ name: vitalsStoreName, directory: siteStore });
  try {
    return store ? (await blobsVitalsStore(store).read(lastDays(new Date(), 2))).beacons : [];
  } finally {
    await close();
  }
}

/** `npm run vitals` on the local store the test server writes: its report's page views, all and for one kind of page, over the last 7 days. */
async function reported(kind: string): Promise<{ all: number; kind: number; output: string }> {
  const { stdout } = await run(process.execPath, ['scripts/vitals.mjs', '--dir', siteStore], {
    env: { ...process.env, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' },
  });
  const week = stdout.split(/\n(?=Last \d+ days)/).find((part) => part.startsWith('Last 7 days'))!;
  const all = Number(/: (\d+) page view\(s\)/.exec(week)?.[1]);
  const row = week.split('\n').find((line) => line.trim().split(/\s+/)[0] === kind);
  return { all, kind: row ? Number(row.trim().split(/\s+/)[1]) : 0, output: stdout };
}

test.use({ viewport: wide });

test("the sampling script is on the page, with the build's sample and the kind of page", async ({ page }) => {
  expect(sample).toBeGreaterThan(0);
  expect(sample).toBeLessThanOrEqual(1);
  await page.goto(item);
  const script = page.locator(`script[${vitalsSampleAttribute}]`);
  await expect(script).toHaveCount(1);
  await expect(script).toHaveAttribute(vitalsPageAttribute, 'item');
  await expect(script).not.toHaveAttribute('src');
});

test('a page view in the sample sends one beacon when it is left, which the function keeps and npm run vitals counts', async ({
  page,
}) => {
  const before = await reported('item');
  await visitor(page, 0);
  const seen = recordVitals(page);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  // The script comes only after the load event, once the browser is idle.
  const script = page.waitForResponse((response) => new URL(response.url()).pathname === routes.vitalsScript);
  await page.goto(item);
  const loadedAt = await page.evaluate(
    () => performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number,
  );
  const response = await script;
  expect(response.status()).toBe(200);
  const requestedAt = await page.evaluate(
    (path) => performance.getEntriesByName(new URL(path, location.href).href)[0]!.startTime,
    routes.vitalsScript,
  );
  expect(loadedAt).toBeGreaterThan(0);
  expect(requestedAt).toBeGreaterThanOrEqual(loadedAt);

  // An interaction that keeps the page busy for 150 ms, as a slow handler would: INP sees it.
  await page.evaluate(() =>
    document.querySelector('main h1')!.addEventListener('click', () => {
      const end = performance.now() + 150;
      while (performance.now() < end);
    }),
  );
  await page.locator('main h1').click();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(resolve, 300)))),
  );
  expect(seen.vitals, 'nothing is sent while the page is open').toEqual([`GET ${routes.vitalsScript}`]);

  const earlier = await kept();
  const known = new Set(earlier.map((each) => JSON.stringify(each)));
  await leave(page);
  // The function answers the beacon only with 204 (text/plain only, so this one was one).
  await expect.poll(async () => (await kept()).length, { timeout: 10_000 }).toBe(earlier.length + 1);
  const beacon = (await kept()).find((each) => !known.has(JSON.stringify(each)))!;
  expect(Object.keys(beacon).sort()).toEqual(['CLS', 'INP', 'LCP', 'TTFB', 'at', 'conn', 'device', 'page', 'v']);
  expect(beacon).toMatchObject({
    v: 1,
    page: 'item',
    device: 'desktop',
    conn: expect.stringMatching(/^(slow-2g|2g|3g|4g|unknown)$/),
  });
  expect(beacon.LCP).toBeGreaterThan(0);
  expect(beacon.TTFB).toBeGreaterThanOrEqual(0);
  expect(beacon.CLS).toBeGreaterThanOrEqual(0);
  expect(beacon.INP).toBeGreaterThanOrEqual(140);
  expect(Date.now() - Date.parse(beacon.at)).toBeLessThan(60_000);
  // Once: leaving fires both pagehide and visibilitychange, and one beacon went.
  await page.waitForTimeout(1000);
  expect((await kept()).length).toBe(earlier.length + 1);
  expect(violations).toEqual([]);

  // The function kept it, and the operator's command lists it.
  await expect.poll(async () => (await reported('item')).kind, { timeout: 10_000 }).toBe(before.kind + 1);
  const after = await reported('item');
  expect(after.all).toBe(before.all + 1);
  expect(after.output).toMatch(/in the local store/);
});

test('a page view outside the sample fetches nothing for field data: no script, no beacon', async ({ page }) => {
  const before = (await kept()).length;
  await visitor(page, sample);
  const seen = recordVitals(page);
  for (const path of [item, routes.about]) {
    await page.goto(path);
    await settle(page);
  }
  await leave(page);
  expect(seen.vitals).toEqual([]);
  // These pages have no island: the page view costs no script at all.
  expect(seen.scripts).toEqual([]);
  expect((await kept()).length, 'no beacon kept').toBe(before);
});

test('in lite mode, or under Save-Data, nothing is loaded, even for a page view in the sample', async ({ browser }) => {
  const before = (await kept()).length;
  const cases: [string, (context: BrowserContext, page: Page) => Promise<void>][] = [
    ['Save-Data', saveData],
    [
      'lite mode chosen in the footer',
      async (_, page) => {
        await page.addInitScript((key) => localStorage.setItem(key, 'on'), liteModeStorageKey);
      },
    ],
    [
      'Save-Data with lite mode turned off by the visitor',
      async (context, page) => {
        await saveData(context, page);
        await page.addInitScript((key) => localStorage.setItem(key, 'off'), liteModeStorageKey);
      },
    ],
  ];
  for (const [name, setUp] of cases) {
    const context = await browser.newContext({ viewport: wide });
    const page = await context.newPage();
    await setUp(context, page);
    await visitor(page, 0);
    const seen = recordVitals(page);
    await page.goto(item);
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-lite')), name).toBe(
      name !== 'Save-Data with lite mode turned off by the visitor',
    );
    await leave(page);
    expect(seen.vitals, name).toEqual([]);
    expect(seen.scripts, name).toEqual([]);
    await context.close();
  }
  expect((await kept()).length, 'no beacon kept').toBe(before);
});

test('a browser driven by automation is never in the sample, which keeps the other tests and the benchmarks at no script', async ({
  page,
}) => {
  const before = (await kept()).length;
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  const seen = recordVitals(page);
  await page.goto(item);
  expect(await page.evaluate(() => navigator.webdriver)).toBe(true);
  await settle(page);
  await leave(page);
  expect(seen.vitals).toEqual([]);
  expect((await kept()).length, 'no beacon kept').toBe(before);
});
