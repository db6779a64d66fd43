/**
 * The search budgets of `npm run bench` (also alone: `npm run bench -- --search`).
 *
 * On the slow link of the low-bandwidth profile (300 ms round trip, 250 kbit/s each way, the CPU
 * 4x slower: bench/five-page-visit.mjs), applied by DevTools to every request:
 *
 *   - a first search from /search on a 390 px phone, once the page has settled (its island
 *     loaded, as it is before a visitor types): the bytes transferred from the first keystroke
 *     until the network is quiet, the time until the first results are shown, and how often the
 *     results shown were replaced before the last (goal 0: what is shown first stays);
 *   - a first search from the top-bar field of another page at 1280 px, whose island has not
 *     loaded (so its script and React count too): bytes and time, for the record;
 *   - later queries typed into /search's field: each one's time from its last keystroke until its
 *     results are shown (one round trip to the search each, docs/decisions/0048).
 *
 * Queries come from the catalogue (names and codes of items), so the figures follow the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { browserArgs, median } from './lighthouse.mjs';
import { phone, slowLink } from './five-page-visit.mjs';

/** The slow link in DevTools' terms: latency in ms, throughput in bytes per second. */
const emulatedLink = {
  latency: slowLink.rttMs,
  downloadThroughput: (slowLink.kbps * 1000) / 8,
  uploadThroughput: (slowLink.kbps * 1000) / 8,
};

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

/** Where each search shows its results, and its field. */
const places = {
  page: { results: 'main [data-search-results] li a', field: 'main input[type="search"]' },
  bar: { results: 'header [data-search-results] li a', field: 'header input[type="search"]' },
};

/**
 * One first search, in a fresh browser context (nothing cached): opens `startPath`, waits until it
 * has settled, throttles the network and the CPU, clicks into the field and types `query`.
 * Returns the bytes transferred from the click until the network is quiet again (by kind), the
 * time until the first results are shown, how many lists of results were shown before the last,
 * and the page, still open, for later queries.
 */
async function firstSearch(browser, origin, { startPath, place, context: contextOptions }, query) {
  // No service worker: the page's own requests are what this session sees.
  const context = await browser.newContext({ ...contextOptions, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${origin}${startPath}`, { waitUntil: 'networkidle' });
  if (place === places.page) await page.waitForSelector('main [data-hydrated]', { state: 'attached' });

  let counting = false;
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (counting) requests.set(event.requestId, { url: event.request.url, sent: event.timestamp, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { bytes: event.encodedDataLength, done: event.timestamp });
  });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...emulatedLink });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowLink.cpuSlowdown });

  // Taken in the page, at the first frame after the results are in it (Playwright's own waiting
  // polls at growing intervals), with every list of results shown, to count any replaced.
  await page.evaluate((selector) => {
    window.__lists = [];
    const observer = new MutationObserver(() => {
      const links = [...document.querySelectorAll(selector)].filter((a) => a.checkVisibility());
      const list = links.map((a) => a.getAttribute('href')).join(' ');
      if (list && list !== window.__lists.at(-1)) window.__lists.push(list);
      if (links.length && !window.__resultsShownAt)
        requestAnimationFrame(() => (window.__resultsShownAt = performance.now()));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  }, place.results);
  counting = true;
  const started = await page.evaluate(() => performance.now());
  await page.click(place.field);
  await page.keyboard.type(query);
  const ms =
    (await page
      .waitForFunction(() => window.__resultsShownAt, undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue())) - started;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  counting = false;
  const lists = await page.evaluate(() => window.__lists.length);

  const byKind = {};
  for (const { url, bytes } of requests.values()) {
    const path = new URL(url).pathname;
    const kind = path.startsWith('/_astro/') ? 'island and React' : path.startsWith('/search/') ? 'answers' : 'other';
    byKind[kind] = (byKind[kind] ?? 0) + bytes;
  }
  const answers = [...requests.values()].filter((r) => new URL(r.url).pathname.startsWith('/search/')).length;
  const bytes = Object.values(byKind).reduce((n, b) => n + b, 0);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { bytes, byKind, answers, ms, replaced: Math.max(0, lists - 1), page, context };
}

/**
 * Measures the search budgets against a running site at `origin`, with Playwright's `chromium`.
 * Returns one row per figure: { figure, value, unit, budget (or undefined), ok }.
 */
export async function benchSearch({ chromium, origin, executablePath, budgets, project = process.cwd() }) {
  const { names, coded } = catalogueQueries(project);
  const oneWord = names.find((name) => !/\s/.test(name)) ?? names[0].split(/\s+/)[0];
  const longest = [...names].sort((a, b) => b.split(/\s+/).length - a.split(/\s+/).length || b.length - a.length)[0];
  const fromPage = { startPath: '/search', place: places.page, context: phone };
  const fromBar = { startPath: '/about', place: places.bar, context: { viewport: { width: 1280, height: 900 } } };
  const firstQueries = [
    { what: 'a one-word name', query: oneWord },
    { what: 'the name of most words', query: longest },
    ...(coded.length ? [{ what: 'a product code', query: coded[0].code }] : []),
  ];
  const browser = await chromium.launch({ executablePath, args: browserArgs });
  const rows = [];
  const detailOf = (search) =>
    `${Object.entries(search.byKind)
      .map(([kind, size]) => `${kind} ${(size / 1024).toFixed(1)}`)
      .join(', ')}; ${search.answers} request${search.answers === 1 ? '' : 's'} to the search`;
  try {
    for (const { what, query } of firstQueries) {
      const search = await firstSearch(browser, origin, fromPage, query);
      rows.push(
        {
          figure: `first search from /search, ${what} ("${query}"): KB transferred`,
          value: search.bytes / 1024,
          unit: 'KB',
          budget: budgets.firstSearchKB,
          detail: detailOf(search),
        },
        {
          figure: `first search from /search, ${what}: time to the first results`,
          value: search.ms,
          unit: 'ms',
          budget: budgets.firstResultsMs,
        },
        {
          figure: `first search from /search, ${what}: results replaced after being shown`,
          value: search.replaced,
          unit: '',
          budget: budgets.resultsReplaced,
        },
      );
      await search.context.close();
    }
    const bar = await firstSearch(browser, origin, fromBar, oneWord);
    rows.push(
      {
        figure: `first search from the top bar of /about at 1280 px ("${oneWord}"): KB transferred`,
        value: bar.bytes / 1024,
        unit: 'KB',
        detail: `not a budget (the island's script and React load with it): ${detailOf(bar)}`,
      },
      { figure: 'first search from the top bar: time to the first results', value: bar.ms, unit: 'ms' },
    );
    await bar.context.close();

    const { page, context } = await firstSearch(browser, origin, fromPage, oneWord);
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowLink.cpuSlowdown });
    const now = () => page.evaluate(() => performance.now());
    /** Types a query, waits until a result names `expected` (or until the field's results show), returns ms from the last keystroke. */
    const timeQuery = async (query, expected) => {
      const field = page.locator(places.page.field);
      await field.fill(query.slice(0, -1));
      await page.waitForTimeout(1500);
      const before = await now();
      await field.press(query.slice(-1) === ' ' ? 'Space' : query.slice(-1));
      await page.waitForFunction(
        ([sel, name, value]) =>
          document.querySelector('main input[type="search"]')?.value === value &&
          !document.querySelector('main [aria-busy="true"]') &&
          [...document.querySelectorAll(sel)].some((a) => name === undefined || a.textContent === name),
        [places.page.results, expected, query],
        { timeout: 20_000, polling: 'raf' },
      );
      return (await now()) - before;
    };
    const later = [];
    for (const name of names.filter((_, i) => i % Math.max(1, Math.floor(names.length / 6)) === 3).slice(0, 6))
      later.push({ kind: 'a product name', ms: await timeQuery(name, name) });
    for (const item of coded.slice(1, 4))
      later.push({ kind: 'a product code', ms: await timeQuery(item.code, item.name) });
    const all = later.map((q) => q.ms);
    const kinds = [...new Set(later.map((q) => q.kind))].map((kind) => {
      const values = later.filter((q) => q.kind === kind).map((q) => q.ms);
      return `${kind}: median ${median(values).toFixed(0)}, max ${Math.max(...values).toFixed(0)} (${values.length})`;
    });
    rows.push(
      {
        figure: `later queries on /search (${all.length}), median`,
        value: median(all),
        unit: 'ms',
        budget: budgets.laterQueryMs,
        detail: kinds.join('; '),
      },
      { figure: 'later queries, slowest', value: Math.max(...all), unit: 'ms', detail: 'not a budget: for the record' },
    );
    await context.close();
  } finally {
    await browser.close();
  }
  return rows.map((row) => ({ ...row, ok: row.budget === undefined ? undefined : row.value <= row.budget.max }));
}

/** The rows as a Markdown table. */
export function searchTable(rows) {
  const lines = ['| figure | value | budget | detail |', '|---|---|---|---|'];
  for (const row of rows) {
    const unit = row.unit ? ` ${row.unit}` : '';
    const value = `${row.value.toFixed(row.unit === 'KB' ? 1 : 0)}${unit}`;
    lines.push(
      `| ${row.figure} | ${row.ok === false ? `**${value} ✗**` : value} | ${row.budget ? `≤ ${row.budget.max}${unit}` : ''} | ${row.detail ?? ''} |`,
    );
  }
  return lines.join('\n');
}
