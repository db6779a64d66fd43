/**
 * Lighthouse on one page, as `npm run bench` measures every page: `runs` runs, each in a fresh
 * browser, and the median of each figure (or, for the pages that must meet the LCP budget in every
 * run, the worst LCP). Used for the pages of the site (bench/run.mjs) and for the full-data
 * test item of the generated catalogue (`npm run bench -- --catalogue N`).
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { findChromium } from '../tools/chromium.ts';

/** Chromium's switches for every measurement: no background work of its own, no QUIC. */
export const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// `--enable-automation`: the browser reports `navigator.webdriver`, so no page view of the bench is
// ever in the field-data sample (docs/decisions/0039-field-vitals-from-a-sample.md); Playwright sets it itself,
// chrome-launcher (Lighthouse's browser) does not.
export const chromeFlags = ['--headless=new', '--enable-automation', ...browserArgs];

/** The median of a list of figures (the upper of the two middle ones for an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * @param {string} url
 * @param {{ runs: number, lcpEveryRun?: boolean }} options
 */
export async function lighthouseFigures(url, { runs, lcpEveryRun = false }) {
  // Each run in a fresh browser with a fresh profile, as independent Lighthouse runs are: a
  // browser kept across runs settles into one timing of the page's requests and hides the
  // others (whether a lazy picture starts before the text paints moves LCP by 0.2 s).
  const reports = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: findChromium().full, chromeFlags });
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      reports.push(lhr);
    } finally {
      chrome.kill();
    }
  }
  // The median of each figure over the runs, taken figure by figure.
  const medianOf = (pick) => median(reports.map(pick));
  const score = (category) => Math.round(medianOf((lhr) => lhr.categories[category].score) * 100);
  // A metric Lighthouse could not measure counts as over budget and shows as NaN.
  const metric = (audit) => medianOf((lhr) => lhr.audits[audit]?.numericValue ?? NaN);
  const worst = (audit) => Math.max(...reports.map((lhr) => lhr.audits[audit]?.numericValue ?? NaN));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: lcpEveryRun ? worst('largest-contentful-paint') : metric('largest-contentful-paint'),
    lcpEveryRun,
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    weightKB: metric('total-byte-weight') / 1024,
  };
}

/**
 * The columns of the Lighthouse budgets of bench/budgets.json ("lighthouse"), in the order of the
 * bench's tables: each with its heading, its test and the figure as shown.
 */
const columns = (lh) => [
  {
    key: 'performance',
    heading: `perf ≥${lh.performance.min}`,
    ok: (f) => f.performance >= lh.performance.min,
    text: (f) => String(f.performance),
  },
  {
    key: 'accessibility',
    heading: `a11y ${lh.accessibility.min}`,
    ok: (f) => f.accessibility >= lh.accessibility.min,
    text: (f) => String(f.accessibility),
  },
  {
    key: 'bestPractices',
    heading: `best pr. ${lh.bestPractices.min}`,
    ok: (f) => f.bestPractices >= lh.bestPractices.min,
    text: (f) => String(f.bestPractices),
  },
  { key: 'seo', heading: `SEO ${lh.seo.min}`, ok: (f) => f.seo >= lh.seo.min, text: (f) => String(f.seo) },
  {
    key: 'lcp',
    heading: `LCP ≤${lh.lcpMs.max} ms`,
    ok: (f) => f.lcp <= lh.lcpMs.max,
    text: (f) => `${f.lcp.toFixed(0)}${f.lcpEveryRun ? ' (worst run)' : ''}`,
  },
  { key: 'cls', heading: `CLS ≤${lh.cls.max}`, ok: (f) => f.cls <= lh.cls.max, text: (f) => f.cls.toFixed(3) },
  { key: 'tbt', heading: `TBT ≤${lh.tbtMs.max} ms`, ok: (f) => f.tbt <= lh.tbtMs.max, text: (f) => f.tbt.toFixed(0) },
];

/** The headings of the Lighthouse columns. @param {any} lh the "lighthouse" part of bench/budgets.json */
export const lighthouseHeadings = (lh) => columns(lh).map((c) => c.heading);

/**
 * One page's figures against the Lighthouse budgets: each column's key, whether it holds, and the
 * figure as shown. (A figure Lighthouse could not measure is NaN, and so over budget.)
 * @param {Awaited<ReturnType<typeof lighthouseFigures>>} figures
 * @param {any} lh the "lighthouse" part of bench/budgets.json
 */
export const lighthouseChecks = (figures, lh) =>
  columns(lh).map((c) => ({ key: c.key, ok: c.ok(figures), text: c.text(figures) }));
