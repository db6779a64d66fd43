/**
 * The search budgets of `npm run bench` (also alone: `npm run bench -- --search`).
 *
 * In Chromium at 1280 px, on a page whose islands have not loaded (so React is not there yet),
 * with the network of Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down, 750 kbps up,
 * applied by DevTools to every request), measured from the click into the top-bar search field
 * and its first keystroke:
 *
 *   - the bytes transferred for the first search (the island, React, Pagefind's script, worker,
 *     WebAssembly, index and the fragments of the results), until the network is quiet;
 *   - the time until the first results are shown;
 *   - later queries, typed into the same field once the first search is done: each one's time
 *     from its last keystroke until its results are shown, by kind: the next keystrokes of a word
 *     being typed, and a new word (whose results may need fragments not loaded yet).
 *
 * Queries come from the catalogue (names and codes of items), so the figures follow the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { browserArgs, median } from './lighthouse.mjs';

/** Lighthouse's mobile network profile (its `mobileSlow4G` throttling): 150 ms, 1.6 Mbps, 750 kbps. */
const mobileNetwork = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Names of catalogue items, and the items whose `variant` is one product code, read from the content files. */
function catalogueQueries(project = process.cwd()) {
  const root = join(project, 'src/content/products');
  const items = readdirSync(root).flatMap((category) =>
    readdirSync(join(root, category))
      .filter((name) => name.endsWith('.md'))
      .map((name) => parseYaml(readFileSync(join(root, category, name), 'utf8').split(/^---$/m)[1] ?? ''))
      .map((fields) => ({
        name: String(fields.name ?? fields.title),
        code: typeof fields.variant === 'string' && /\d/.test(fields.variant) ? fields.variant : undefined,
      })),
  );
  return { names: items.map((item) => item.name), coded: items.filter((item) => item.code) };
}

const resultsSelector = 'header [data-search-results] li a';

/**
 * One first search, in a fresh browser context (nothing cached): opens `startPath`, waits until it
 * has loaded, throttles the network, clicks into the top-bar field and types `query` at once.
 * Returns the bytes transferred from the click until the network is quiet again (by kind), the
 * time until the first results are shown, and the page, still open, for later queries.
 */
async function firstSearch(browser, origin, startPath, query) {
  // No service worker: the page's own requests are what this session sees, and a page the worker
  // controls would have it fetch the island and React itself, out of this count.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${origin}${startPath}`, { waitUntil: 'networkidle' });

  // Every response from the click on, with the bytes it took on the wire.
  let counting = false;
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (counting) requests.set(event.requestId, { url: event.request.url, sent: event.timestamp, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { bytes: event.encodedDataLength, done: event.timestamp });
  });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...mobileNetwork });

  const field = page.locator('header').getByRole('searchbox');
  // The moment the results are shown is taken in the page, at the first frame after they are in
  // it: Playwright's own waiting for a selector polls at growing intervals (up to 500 ms apart),
  // which would add its wait to the figure.
  await page.evaluate((selector) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)?.checkVisibility()) return;
      observer.disconnect();
      requestAnimationFrame(() => (window.__resultsShownAt = performance.now()));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, resultsSelector);
  counting = true;
  const started = await page.evaluate(() => performance.now());
  await field.click();
  await page.keyboard.type(query);
  const ms =
    (await page
      .waitForFunction(() => window.__resultsShownAt, undefined, { timeout: 30_000 })
      .then((handle) => handle.jsonValue())) - started;
  if (process.env.BENCH_SEARCH_TIMELINE) {
    const entries = await page.evaluate(
      (t0) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime >= t0)
          .map(
            (e) =>
              `${(e.startTime - t0).toFixed(0).padStart(5)} → ${(e.responseEnd - t0).toFixed(0).padStart(5)} ms  ${new URL(e.name).pathname}`,
          ),
      started,
    );
    console.log(`results shown at ${ms.toFixed(0)} ms after the click:\n${entries.join('\n')}`);
  }
  // The network's share of that time: from the first request to the last response before the results showed.
  const answered = [...requests.values()].filter((r) => r.done);
  const networkMs = answered.length
    ? (Math.max(...answered.map((r) => r.done)) - Math.min(...answered.map((r) => r.sent))) * 1000
    : NaN;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  counting = false;

  const byKind = {};
  for (const { url, bytes } of requests.values()) {
    const path = new URL(url).pathname;
    const kind = path.startsWith('/_astro/')
      ? 'island and React'
      : path.includes('/fragment/')
        ? 'results'
        : path.includes('/index/') || path.includes('/filter/') || path.endsWith('.pf_meta') || path.endsWith('.json')
          ? 'index'
          : path.startsWith('/pagefind/')
            ? 'Pagefind script and WebAssembly'
            : 'other';
    byKind[kind] = (byKind[kind] ?? 0) + bytes;
  }
  if (process.env.BENCH_SEARCH_TIMELINE) {
    const list = [...requests.values()];
    const t0 = Math.min(...list.map((r) => r.sent));
    for (const r of list)
      console.log(
        `${((r.sent - t0) * 1000).toFixed(0).padStart(5)} → ${((r.done - t0) * 1000).toFixed(0).padStart(5)} ms ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(r.url).pathname}`,
      );
  }
  const bytes = Object.values(byKind).reduce((n, b) => n + b, 0);
  return { bytes, byKind, ms, networkMs, page, field, context };
}

/**
 * The search budgets for a catalogue with `extraItems` items beyond the launch content
 * (bench/budgets.json): the first search's bytes grow by a fixed amount per 1,000 items past
 * the first 1,000, since Pagefind's metadata file grows with the pages; its time has a second,
 * larger limit past them. Each budget comes back as `{ max }`, as the rows compare them.
 */
export function searchBudgetsFor(budgets, extraItems = 0) {
  const { firstSearchKB: bytes, firstResultsMs: time } = budgets;
  const past = (within) => Math.max(0, extraItems - within);
  return {
    ...budgets,
    firstSearchKB: { max: bytes.max + (past(bytes.extraItemsWithin) / 1000) * bytes.perThousandItemsPast },
    firstResultsMs: { max: past(time.extraItemsWithin) > 0 ? time.maxPast : time.max },
  };
}

/**
 * Measures the search budgets against a running site at `origin`, with Playwright's `chromium`.
 * Returns one row per figure: { figure, value, unit, budget (or undefined), ok }.
 */
export async function benchSearch({
  chromium,
  origin,
  executablePath,
  budgets,
  startPath = '/about',
  project = process.cwd(),
}) {
  const { names, coded } = catalogueQueries(project);
  const oneWord = names.find((name) => !/\s/.test(name)) ?? names[0].split(/\s+/)[0];
  const longest = [...names].sort((a, b) => b.split(/\s+/).length - a.split(/\s+/).length || b.length - a.length)[0];
  const firstQueries = [
    { what: 'a one-word name', query: oneWord },
    { what: 'the name of most words', query: longest },
    ...(coded.length ? [{ what: 'a product code', query: coded[0].code }] : []),
  ];
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  const rows = [];
  try {
    let last;
    for (const { what, query } of firstQueries) {
      await last?.context.close();
      last = await firstSearch(browser, origin, startPath, query);
      const detail = Object.entries(last.byKind)
        .map(([kind, size]) => `${kind} ${(size / 1024).toFixed(1)}`)
        .join(', ');
      rows.push({
        figure: `first search, ${what} ("${query}"): KB transferred`,
        value: last.bytes / 1024,
        unit: 'KB',
        budget: budgets.firstSearchKB,
        detail,
      });
      rows.push({
        figure: `first search, ${what}: time to the first results`,
        value: last.ms,
        unit: 'ms',
        budget: budgets.firstResultsMs,
        detail: `network busy for ${last.networkMs.toFixed(0)} ms of it (first request to last response)`,
      });
    }
    const { page, field } = last;
    const now = () => page.evaluate(() => performance.now());
    /**
     * Types a query, waits until a result names `expected` (or, without it, until results for
     * the query are shown), returns ms from the last keystroke. A word's first letters match many
     * items in a large catalogue, so only the whole word is expected to find its own item.
     */
    const timeQuery = async (query, expected) => {
      await field.fill(query.slice(0, -1));
      await page.waitForTimeout(300);
      const before = await now();
      await field.press(query.slice(-1) === ' ' ? 'Space' : query.slice(-1));
      await page.waitForFunction(
        ([sel, name, value]) =>
          document.querySelector('header input[type="search"]')?.value === value &&
          [...document.querySelectorAll(sel)].some((a) => name === undefined || a.textContent === name),
        [resultsSelector, expected, query],
        { timeout: 10_000, polling: 'raf' },
      );
      return (await now()) - before;
    };

    // Later queries on the same page, each timed from its last keystroke.
    const later = [];
    const word = longest;
    for (let cut = 3; cut <= word.length; cut += 3)
      later.push({
        kind: 'the next letters of a word',
        ms: await timeQuery(word.slice(0, cut).trimEnd() || word, cut >= word.length ? word : undefined),
      });
    for (const name of names.filter((_, i) => i % Math.max(1, Math.floor(names.length / 6)) === 3).slice(0, 6))
      later.push({ kind: 'a new product name', ms: await timeQuery(name, name) });
    for (const item of coded.slice(1, 5))
      later.push({ kind: 'a product code', ms: await timeQuery(item.code, item.name) });
    const all = later.map((q) => q.ms);
    const kinds = [...new Set(later.map((q) => q.kind))].map((kind) => {
      const values = later.filter((q) => q.kind === kind).map((q) => q.ms);
      return `${kind}: median ${median(values).toFixed(0)}, max ${Math.max(...values).toFixed(0)} (${values.length})`;
    });
    rows.push({
      figure: `later queries (${all.length}), median`,
      value: median(all),
      unit: 'ms',
      budget: budgets.laterQueryMs,
      detail: kinds.join('; '),
    });
    rows.push({
      figure: `later queries, slowest`,
      value: Math.max(...all),
      unit: 'ms',
      detail: 'not a budget: the slowest of them, for the record',
    });
    await last.context.close();
  } finally {
    await browser.close();
  }
  return rows.map((row) => ({ ...row, ok: row.budget === undefined ? undefined : row.value <= row.budget.max }));
}

/** The rows as a Markdown table. */
export function searchTable(rows) {
  const lines = ['| figure | value | budget | detail |', '|---|---|---|---|'];
  for (const row of rows) {
    const value = `${row.value.toFixed(row.unit === 'KB' ? 1 : 0)} ${row.unit}`;
    lines.push(
      `| ${row.figure} | ${row.ok === false ? `**${value} ✗**` : value} | ${row.budget ? `≤ ${row.budget.max} ${row.unit}` : ''} | ${row.detail ?? ''} |`,
    );
  }
  return lines.join('\n');
}
