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

/**
 * The median of a list of figures (the upper of the two middle ones for an even count); NaN when
 * one of them is NaN, a figure that was not measured, so that a missing run is never hidden.
 */
export const median = (values) =>
  values.some(Number.isNaN) ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The metric audits the performance score is made of: a run without one of them has no score. */
const metricAudits = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'speed-index',
  'total-blocking-time',
  'cumulative-layout-shift',
];

/**
 * Why a Lighthouse run gave no metrics: its runtime error and each metric audit's error (an empty
 * list when every metric was measured).
 * @param {any} lhr
 */
export const missingMetrics = (lhr) => [
  ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
  ...metricAudits
    .filter((id) => !Number.isFinite(lhr.audits[id]?.numericValue))
    .map((id) => `${id}: ${lhr.audits[id]?.errorMessage ?? 'no figure'}`),
];

/**
 * Lighthouse's errors for a trace that Chromium did not record whole ("Something went wrong with
 * recording the trace over your page load. Please run Lighthouse again."): such a run has no
 * metric at all and says nothing about the page. About one run in forty gives NO_NAVSTART here.
 * A page that paints nothing (NO_FCP, NO_LCP) is not among them: that is the page's failure.
 */
const traceRecordingErrors = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL', 'NO_FMP']);

/** How many times a run whose trace was not recorded is measured before it counts as it is. */
const attemptsPerRun = 3;

/** Whether Lighthouse asks for a run to be measured again, its trace not recorded. @param {any} lhr */
export const traceNotRecorded = (lhr) => traceRecordingErrors.has(lhr.runtimeError?.code);

/**
 * @param {string} url
 * @param {{ runs: number, lcpEveryRun?: boolean }} options
 */
export async function lighthouseFigures(url, { runs, lcpEveryRun = false }) {
  // Each run in a fresh browser with a fresh profile, as independent Lighthouse runs are: a
  // browser kept across runs settles into one timing of the page's requests and hides the
  // others (whether a lazy picture starts before the text paints moves LCP by 0.2 s).
  const reports = [];
  /** Runs measured again, each with Lighthouse's error; shown under the bench's table. */
  const repeated = [];
  for (let i = 0; i < runs; i++) {
    // A run whose trace was not recorded is measured again, and said so under the table; after
    // the last attempt it counts as it is, its missing figures over budget.
    for (let attempt = 1; ; attempt++) {
      const lhr = await lighthouseRun(url);
      if (!traceNotRecorded(lhr) || attempt === attemptsPerRun) {
        const missing = missingMetrics(lhr);
        if (missing.length > 0) process.stderr.write(`Lighthouse measured no ${missing.join('; ')} on ${url}\n`);
        reports.push(lhr);
        break;
      }
      repeated.push(lhr.runtimeError.code);
      process.stderr.write(
        `Lighthouse did not record the trace of ${url} (${lhr.runtimeError.code}); measuring again\n`,
      );
    }
  }
  // The median of each figure over the runs, taken figure by figure.
  const medianOf = (pick) => median(reports.map(pick));
  const score = (category) => Math.round(medianOf((lhr) => lhr.categories[category].score ?? NaN) * 100);
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
    repeated,
  };
}

/** One Lighthouse run in a fresh browser. @param {string} url */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: findChromium().full, chromeFlags });
  try {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    return lhr;
  } finally {
    chrome.kill();
  }
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

/**
 * The note under a table of Lighthouse figures: each run that was measured again because its
 * trace was not recorded, with Lighthouse's error, so that no repeat goes unseen.
 * @param {{ route: string, repeated: string[] }[]} pages
 */
export function repeatedRunsNote(pages) {
  const lines = pages.flatMap(({ route, repeated }) => repeated.map((why) => `- ${route}: ${why}`));
  return lines.length === 0
    ? 'Every Lighthouse run gave all its metrics at the first attempt.'
    : `Lighthouse runs measured again because Lighthouse did not record their trace (${lines.length}):\n\n${lines.join('\n')}`;
}
