import { describe, expect, it } from 'vitest';
import { fieldReport, p75, summarise, summariseBy, withinDays } from '../../../src/vitals/aggregate';
import type { StoredBeacon } from '../../../src/vitals/beacon';

const beacon = (fields: Partial<StoredBeacon>): StoredBeacon => ({
  v: 1,
  page: 'item',
  conn: '4g',
  device: 'phone',
  at: '2026-11-25T10:00:00.000Z',
  ...fields,
});

describe('p75, by the nearest-rank method', () => {
  it('is the smallest value at least three quarters of the values are at or below', () => {
    expect(p75([])).toBeUndefined();
    expect(p75([7])).toBe(7);
    expect(p75([1, 2])).toBe(2);
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([4, 3, 2, 1])).toBe(3);
    expect(p75([1, 2, 3, 4, 5])).toBe(4);
    expect(p75(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(75);
    expect(p75(Array.from({ length: 101 }, (_, i) => i + 1))).toBe(76);
    expect(p75([0.1, 0.0, 0.25, 0.05])).toBe(0.1);
  });

  it('does not reorder what it is given', () => {
    const values = [3, 1, 2];
    p75(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('summaries', () => {
  const beacons = [
    beacon({ LCP: 1000, CLS: 0, TTFB: 100 }),
    beacon({ LCP: 2000, CLS: 0.1, TTFB: 200, INP: 80 }),
    beacon({ LCP: 3000, CLS: 0.2, TTFB: 300 }),
    beacon({ LCP: 4000, CLS: 0.3, TTFB: 400, INP: 300 }),
  ];

  it('takes each metric over the page views that reported it', () => {
    expect(summarise(beacons)).toEqual({
      views: 4,
      p75: { LCP: 3000, CLS: 0.2, TTFB: 300, INP: 300 },
      samples: { LCP: 4, CLS: 4, TTFB: 4, INP: 2 },
    });
    expect(summarise([])).toEqual({ views: 0, p75: {}, samples: {} });
  });

  it('groups by kind of page, connection and width class, in their own order, leaving out empty groups', () => {
    const mixed = [
      beacon({ page: 'search', conn: '3g', LCP: 5000 }),
      beacon({ page: 'home', conn: 'unknown', device: 'desktop', LCP: 900 }),
      beacon({ page: 'home', LCP: 1100 }),
    ];
    expect(summariseBy(mixed, 'page').map((s) => [s.group, s.views, s.p75.LCP])).toEqual([
      ['home', 2, 1100],
      ['search', 1, 5000],
    ]);
    expect(summariseBy(mixed, 'conn').map((s) => s.group)).toEqual(['3g', '4g', 'unknown']);
    expect(summariseBy(mixed, 'device').map((s) => [s.group, s.views])).toEqual([
      ['phone', 2],
      ['desktop', 1],
    ]);
  });
});

describe('the windows of the report', () => {
  const now = new Date('2026-11-25T08:00:00.000Z');
  const on = (day: string, LCP: number) => beacon({ at: `${day}T23:59:59.000Z`, LCP });
  const beacons = [
    on('2026-11-25', 1),
    on('2026-11-19', 2),
    on('2026-11-18', 3),
    on('2026-10-29', 4),
    on('2026-10-28', 5),
    on('2026-11-26', 6),
  ];

  it('counts the last 7 and 28 UTC days, today included', () => {
    expect(withinDays(beacons, now, 7).map((b) => b.LCP)).toEqual([1, 2]);
    expect(withinDays(beacons, now, 28).map((b) => b.LCP)).toEqual([1, 2, 3, 4]);
    const [week, month] = fieldReport(beacons, now);
    expect(week).toMatchObject({ days: 7, from: '2026-11-19', to: '2026-11-25', all: { views: 2 } });
    expect(month).toMatchObject({ days: 28, from: '2026-10-29', to: '2026-11-25', all: { views: 4, p75: { LCP: 3 } } });
    expect(month!.by.page).toEqual([{ group: 'item', ...summarise(withinDays(beacons, now, 28)) }]);
  });
});
