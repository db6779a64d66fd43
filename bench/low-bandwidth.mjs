/**
 * `npm run bench -- --low-bandwidth`: the site on the worst connection the issue names, a 2G-like
 * profile (300 ms round trip, 250 kbit/s each way, the CPU slowed 4x), applied by DevTools in
 * Chromium at 390 px, with and without lite mode (lite mode through Chromium's data-saver
 * emulation, as a browser asking to save data would get it):
 *
 *   - first visit of each page type: its largest contentful paint, the median of three fresh
 *     browser contexts;
 *   - the five-page visit (home, /products, a category, one of its items, /contact) in one fresh
 *     browser: bytes on the wire per page (everything the page and its service worker fetched
 *     until the network was quiet and the islands had had their chance to load), and the time
 *     until the page is usable (its HTML parsed and painted: the later of DOMContentLoaded and the
 *     first contentful paint);
 *   - the same visit again in the same browser: the bytes that arrived before each page rendered
 *     (answers that began to arrive before its first contentful paint; goal 0), the page's bytes
 *     in all (the worker's refresh of it among them) and the time to render.
 *
 * Bytes are what crossed the network: a response served by the page's service worker or the
 * browser's cache costs none; a request the service worker itself sends does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { browserArgs, median } from './lighthouse.mjs';
import { fivePageVisit, phone, slowLink } from './five-page-visit.mjs';

/** The slow link in DevTools' terms: latency in ms, throughput in bytes per second. */
const emulatedLink = {
  latency: slowLink.rttMs,
  downloadThroughput: (slowLink.kbps * 1000) / 8,
  uploadThroughput: (slowLink.kbps * 1000) / 8,
};

/** One page of each type, for the first-visit LCP. */
export function pageTypes(visit, project = process.cwd()) {
  const technologies = join(project, 'src/content/technologies');
  const technology = readdirSync(technologies)
    .filter((name) => name.endsWith('.md'))
    .sort()[0];
  const slug =
    parseYaml(readFileSync(join(technologies, technology), 'utf8').split(/^---$/m)[1] ?? '')?.slug ??
    technology.replace(/\.md$/, '');
  return [
    { type: 'home', path: visit[0] },
    { type: 'overview', path: visit[1] },
    { type: 'technology', path: `/${slug}` },
    { type: 'category', path: visit[2] },
    { type: 'item', path: visit[3] },
    { type: 'company', path: '/about' },
    { type: 'contact', path: visit[4] },
    { type: 'search', path: '/search' },
    { type: 'legal', path: '/privacy-policy' },
  ];
}

async function throttledPage(context, { lite }) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...emulatedLink });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowLink.cpuSlowdown });
  if (lite) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  return { page, cdp };
}

/**
 * Counts the bytes on the wire of every request of a browser context, page and service worker,
 * with the wall-clock time each was sent. A response the service worker answered costs nothing
 * itself; what the worker fetched to answer it is a request of its own.
 */
function wireRecorder(context) {
  const requests = [];
  const onRequest = (request) => requests.push({ request, sentAt: Date.now() });
  context.on('request', onRequest);
  return {
    mark: () => requests.length,
    /**
     * The bytes of the requests recorded since `from`; with `before` (wall-clock ms), only of the
     * answers that began to arrive by then. A page the worker answers from its copy costs nothing
     * before it renders, even though the worker sends its refresh of that page (stale-while-
     * revalidate) as the page opens: that answer arrives after the page has rendered, and counts in
     * the visit's bytes, not in those before render.
     */
    async bytesSince(from, { before } = {}) {
      let bytes = 0;
      for (const { request, sentAt } of requests.slice(from)) {
        const response = await request.response().catch(() => null);
        if (!response || response.fromServiceWorker()) continue;
        if (before !== undefined) {
          // In the browser's clock, as `before` is (the page's time origin drifts from this
          // process's clock by tens of ms): when the request started and its answer began to
          // arrive. A time the browser did not report (-1) counts as before.
          const { startTime, responseStart } = request.timing();
          const started = startTime > 0 ? startTime : sentAt;
          if (started > before) continue;
          if (startTime > 0 && responseStart >= 0 && startTime + responseStart > before) continue;
        }
        const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      }
      return bytes;
    },
    stop: () => context.off('request', onRequest),
  };
}

/** Paint and load times of the page, in ms from its navigation start, and its start in wall-clock time. */
const pageTimes = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        let fcp = NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') fcp = entry.startTime;
        }).observe({ type: 'paint', buffered: true });
        const navigation = performance.getEntriesByType('navigation')[0];
        // The paint entries can come a moment after the load event: wait for the first one, up to 2 s.
        const started = performance.now();
        const done = () =>
          Number.isNaN(fcp) && performance.now() - started < 2000
            ? setTimeout(done, 50)
            : resolve({
                fcp,
                lcp: lcp || fcp,
                dcl: navigation.domContentLoadedEventEnd,
                start: performance.timeOrigin,
              });
        setTimeout(done, 50);
      }),
  );

/** Waits as the islands would: the load event, the network quiet, then idle time for late hydration. */
async function settle(page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500), { timeout: 3000 })),
  );
  await page.waitForLoadState('networkidle').catch(() => {});
}

/** The five-page visit, then the same visit again, in one browser context. */
async function visitTwice(browser, origin, visit, { lite }) {
  const context = await browser.newContext(phone);
  const wire = wireRecorder(context);
  const { page } = await throttledPage(context, { lite });
  const first = [];
  for (const path of visit) {
    const from = wire.mark();
    await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await settle(page);
    const times = await pageTimes(page);
    first.push({ path, bytes: await wire.bytesSince(from), usableMs: Math.max(times.fcp, times.dcl) });
  }
  const again = [];
  for (const path of visit) {
    const from = wire.mark();
    await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await settle(page);
    const times = await pageTimes(page);
    again.push({
      path,
      bytesBeforeRender: await wire.bytesSince(from, { before: times.start + times.fcp }),
      bytes: await wire.bytesSince(from),
      renderMs: times.fcp,
    });
  }
  wire.stop();
  await context.close();
  return { first, again };
}

/** How many fresh browser contexts each page type's first-visit LCP is the median of. */
const firstVisitRuns = 3;

/** The largest contentful paint of one page in a fresh browser. */
async function firstVisitLcp(browser, origin, path, { lite }) {
  const context = await browser.newContext(phone);
  const { page } = await throttledPage(context, { lite });
  await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
  const { lcp } = await pageTimes(page);
  await context.close();
  return lcp;
}

/**
 * Runs the low-bandwidth measurements against the site at `origin`. Returns the rows of its table
 * ({ figure, value, unit, budget, ok }) and the markdown of its section of bench/results.md.
 */
export async function benchLowBandwidth({ chromium, origin, executablePath, budgets, project = process.cwd() }) {
  const visit = fivePageVisit(project);
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  const kb = (bytes) => bytes / 1024;
  const rows = [];
  const detail = [];
  try {
    for (const lite of [false, true]) {
      const mode = lite ? 'lite mode' : 'normal';
      for (const { type, path } of pageTypes(visit, project)) {
        // The median of three fresh browser contexts: one run moves by up to 0.6 s from the next.
        const runs = [];
        for (let run = 0; run < firstVisitRuns; run++) runs.push(await firstVisitLcp(browser, origin, path, { lite }));
        const lcp = median(runs);
        rows.push({
          figure: `first visit LCP, ${type} (${path}), ${mode}, median of ${firstVisitRuns}`,
          value: lcp,
          unit: 'ms',
          detail: runs.map((ms) => ms.toFixed(0)).join(', '),
        });
        process.stderr.write(`low bandwidth, ${mode}: ${path} LCP ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms\n`);
      }
      const { first, again } = await visitTwice(browser, origin, visit, { lite });
      process.stderr.write(`low bandwidth, ${mode}: five-page visit and its repeat measured\n`);
      const total = kb(first.reduce((n, page) => n + page.bytes, 0));
      const budget = lite ? budgets.liteVisitKB : budgets.visitKB;
      rows.push({
        figure: `five-page visit, ${mode}: KB on the wire`,
        value: total,
        unit: 'KB',
        budget,
        ok: total <= budget.max,
      });
      for (const page of first)
        detail.push(
          `| ${mode} | first | ${page.path} | ${kb(page.bytes).toFixed(1)} KB | usable at ${page.usableMs.toFixed(0)} ms |`,
        );
      for (const page of again) {
        const ok = page.bytesBeforeRender <= budgets.repeatBytesBeforeRender.max;
        rows.push({
          figure: `repeat visit, ${mode}, ${page.path}: bytes before render`,
          value: page.bytesBeforeRender,
          unit: 'bytes',
          budget: budgets.repeatBytesBeforeRender,
          ok,
        });
        detail.push(
          `| ${mode} | again | ${page.path} | ${page.bytesBeforeRender} bytes before render, ${kb(page.bytes).toFixed(1)} KB in all | rendered at ${page.renderMs.toFixed(0)} ms |`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  const format = (row) =>
    row.unit === 'KB'
      ? `${row.value.toFixed(1)} KB`
      : row.unit === 'ms'
        ? `${row.value.toFixed(0)} ms`
        : `${row.value} ${row.unit}`;
  const table = [
    '| figure | value | budget |',
    '|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.figure} | ${row.budget && !row.ok ? `**${format(row)} ✗**` : format(row)}${row.detail ? ` (${row.detail})` : ''} | ${row.budget ? `≤ ${row.budget.max} ${row.unit}` : ''} |`,
    ),
  ].join('\n');
  const pages = ['| mode | visit | page | bytes | time |', '|---|---|---|---|---|', ...detail].join('\n');
  return { rows, table: `${table}\n\nPage by page:\n\n${pages}` };
}
