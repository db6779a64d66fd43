/** The Lighthouse budgets as the bench checks them (bench/lighthouse.mjs), read from bench/budgets.json. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lighthouseChecks, lighthouseHeadings } from '../../bench/lighthouse.mjs';

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
