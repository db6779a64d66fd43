/** The Lighthouse budgets as the bench checks them (bench/lighthouse.mjs), read from bench/budgets.json. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  lighthouseChecks,
  lighthouseHeadings,
  median,
  missingMetrics,
  repeatedRunsNote,
  traceNotRecorded,
} from '../../bench/lighthouse.mjs';

const lh = JSON.parse(readFileSync('bench/budgets.json', 'utf8')).lighthouse;
const atBudget = {
  performance: lh.performance.min,
  accessibility: lh.accessibility.min,
  bestPractices: lh.bestPractices.min,
  seo: lh.seo.min,
  lcp: lh.lcpMs.max,
  lcpEveryRun: false,
  cls: lh.cls.max,
  tbt: lh.tbtMs.max,
  weightKB: 100,
  repeated: [] as string[],
};
const failing = (figures: typeof atBudget) =>
  lighthouseChecks(figures, lh)
    .filter((c) => !c.ok)
    .map((c) => c.key);

describe('Lighthouse budgets of the bench', () => {
  it('has one heading per checked figure, naming its budget', () => {
    const headings = lighthouseHeadings(lh);
    expect(headings).toHaveLength(lighthouseChecks(atBudget, lh).length);
    expect(headings).toContain(`LCP ≤${lh.lcpMs.max} ms`);
  });

  it('holds at the budget itself', () => {
    expect(failing(atBudget)).toEqual([]);
  });

  it('names each figure past its budget, and one Lighthouse could not measure', () => {
    expect(failing({ ...atBudget, performance: lh.performance.min - 1, lcp: lh.lcpMs.max + 1 })).toEqual([
      'performance',
      'lcp',
    ]);
    expect(failing({ ...atBudget, cls: lh.cls.max + 0.001, tbt: NaN })).toEqual(['cls', 'tbt']);
  });

  it('shows whether an LCP is the worst run', () => {
    const lcp = (lcpEveryRun: boolean) =>
      lighthouseChecks({ ...atBudget, lcp: 987.4, lcpEveryRun }, lh).find((c) => c.key === 'lcp')?.text;
    expect(lcp(true)).toBe('987 (worst run)');
    expect(lcp(false)).toBe('987');
  });
});

describe('Lighthouse runs that measured nothing', () => {
  const audit = (numericValue: number, errorMessage?: string) => ({ numericValue, errorMessage });
  const measured = {
    audits: {
      'first-contentful-paint': audit(800),
      'largest-contentful-paint': audit(900),
      'speed-index': audit(800),
      'total-blocking-time': audit(0),
      'cumulative-layout-shift': audit(0),
    },
  };

  it('finds nothing missing in a run with every metric', () => {
    expect(missingMetrics(measured)).toEqual([]);
  });

  it("names the run's error and each metric it could not measure, with Lighthouse's reason", () => {
    const failed = {
      runtimeError: { code: 'NO_LCP', message: 'The page did not display content' },
      audits: {
        ...measured.audits,
        'largest-contentful-paint': audit(NaN, 'NO_LCP'),
        'total-blocking-time': undefined,
      },
    };
    expect(missingMetrics(failed)).toEqual([
      'NO_LCP: The page did not display content',
      'largest-contentful-paint: NO_LCP',
      'total-blocking-time: no figure',
    ]);
  });

  it('measures a run again only when Lighthouse did not record its trace, not when the page painted nothing', () => {
    expect(traceNotRecorded({ runtimeError: { code: 'NO_NAVSTART', message: '' } })).toBe(true);
    expect(traceNotRecorded({ runtimeError: { code: 'NO_TRACING_STARTED', message: '' } })).toBe(true);
    expect(traceNotRecorded({ runtimeError: { code: 'NO_FCP', message: '' } })).toBe(false);
    expect(traceNotRecorded(measured)).toBe(false);
  });

  it('takes no median over a run that was not measured', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([900, NaN, 950])).toBeNaN();
  });

  it('lists each run measured again under the table, and says when none was', () => {
    expect(repeatedRunsNote([{ route: '/about', repeated: [] }])).toBe(
      'Every Lighthouse run gave all its metrics at the first attempt.',
    );
    const note = repeatedRunsNote([
      { route: '/about', repeated: [] },
      { route: '/products', repeated: ['NO_NAVSTART'] },
    ]);
    expect(note).toContain('(1)');
    expect(note).toContain('- /products: NO_NAVSTART');
  });
});
