/** The search budgets as they grow with the catalogue (bench/budgets.json, bench/search.mjs). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { searchBudgetsFor } from '../../bench/search.mjs';

const { search } = JSON.parse(readFileSync('bench/budgets.json', 'utf8'));
const { firstSearchKB: bytes, firstResultsMs: time } = search;

describe('search budgets by catalogue size', () => {
  it('keep the launch budgets up to the items the rule allows without growth', () => {
    for (const extra of [0, 1, bytes.extraItemsWithin]) {
      expect(searchBudgetsFor(search, extra).firstSearchKB.max).toBe(bytes.max);
    }
    for (const extra of [0, time.extraItemsWithin])
      expect(searchBudgetsFor(search, extra).firstResultsMs.max).toBe(time.max);
  });

  it('add the bytes per 1,000 items past them, and give the first results their larger limit', () => {
    const at = (extra: number) => searchBudgetsFor(search, extra);
    expect(at(bytes.extraItemsWithin + 1000).firstSearchKB.max).toBe(bytes.max + bytes.perThousandItemsPast);
    expect(at(bytes.extraItemsWithin + 9000).firstSearchKB.max).toBe(bytes.max + 9 * bytes.perThousandItemsPast);
    expect(at(time.extraItemsWithin + 1).firstResultsMs.max).toBe(time.maxPast);
  });

  it('is the rule the catalogue decision states: 254 KB and 2.5 s at 10,000 extra items', () => {
    expect(searchBudgetsFor(search, 10_000)).toMatchObject({
      firstSearchKB: { max: 254 },
      firstResultsMs: { max: 2500 },
    });
  });

  it('leaves the other search budgets as they are', () => {
    expect(searchBudgetsFor(search, 10_000).laterQueryMs).toEqual(search.laterQueryMs);
  });
});
