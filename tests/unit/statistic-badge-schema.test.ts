/**
 * The home page's statistic badge turns by CSS alone, with a class of the stylesheet for each
 * interval and number of statistics its schema allows (src/schemas/company.ts,
 * src/styles/global.css): values outside those are refused with a message, never drawn still.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { pageSchema } from '../../src/schemas/company';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';

const schema = pageSchema({ image: () => z.string() } as never);
const home = parseFrontmatter(readFileSync('src/content/pages/home.md', 'utf8')) as {
  statistics: { intervalMs: number; items: unknown[] };
};
const messages = (statistics: Partial<typeof home.statistics>) => {
  const result = schema.safeParse({ ...home, statistics: { ...home.statistics, ...statistics } });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the statistic badge in content', () => {
  it('takes the home file as it is', () => {
    expect(messages({})).toEqual([]);
  });

  it('takes every interval the stylesheet has a class for, and says which it refuses', () => {
    for (const intervalMs of [1000, 1500, 3000, 9500, 10000])
      expect(messages({ intervalMs }), String(intervalMs)).toEqual([]);
    expect(messages({ intervalMs: 3200 })).toEqual([
      'statistics.intervalMs: intervalMs must be a multiple of 500 (half a second), e.g. 3000',
    ]);
    expect(messages({ intervalMs: 10500 })).toEqual([
      'statistics.intervalMs: intervalMs must be at most 10000 (ten seconds)',
    ]);
    expect(messages({ intervalMs: 500 })).toEqual([
      'statistics.intervalMs: intervalMs must be at least 1000 (one second)',
    ]);
  });

  it('takes 2 to 12 statistics', () => {
    const statistic = home.statistics.items[0];
    expect(messages({ items: Array(12).fill(statistic) })).toEqual([]);
    expect(messages({ items: Array(13).fill(statistic) })).toEqual([
      'statistics.items: the badge shows at most 12 statistics',
    ]);
    expect(messages({ items: [statistic] })).toEqual(['statistics.items: the badge needs at least two statistics']);
  });

  it('has a class in the stylesheet for each of those values', () => {
    const css = readFileSync('src/styles/global.css', 'utf8');
    expect(css).toContain("@source inline('[--statistic-interval:{1000..10000..500}ms]');");
    expect(css).toContain("@source inline('[--statistic-count:{2..12}]');");
  });
});
