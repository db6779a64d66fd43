import { describe, expect, it } from 'vitest';
import { beaconLimits, beaconText, connectionOf, deviceOf, metricNames, parseBeacon } from '../../../src/vitals/beacon';
import { pageTypes } from '../../../src/vitals/page-type';

const valid = { v: 1, page: 'item', conn: '4g', device: 'phone', LCP: 1840, INP: 96, CLS: 0.021, TTFB: 310 };
const text = (body: unknown) => JSON.stringify(body);

describe('a beacon as the client writes it', () => {
  it('is the fields and the rounded metrics, read back the same by the function', () => {
    const written = beaconText(
      { page: 'item', conn: '3g', device: 'desktop' },
      { LCP: 1840.4, CLS: 0.0213456, TTFB: 309.6 },
    );
    expect(JSON.parse(written)).toEqual({
      v: 1,
      page: 'item',
      conn: '3g',
      device: 'desktop',
      LCP: 1840,
      CLS: 0.0213,
      TTFB: 310,
    });
    expect(parseBeacon(written)).toEqual({ ok: true, beacon: JSON.parse(written) });
    // The largest a real beacon can be is far below the limit.
    const largest = beaconText(
      { page: 'technology', conn: 'unknown', device: 'desktop' },
      { LCP: 599_999.9, INP: 599_999.9, CLS: 99.99999, TTFB: 599_999.9 },
    );
    expect(new TextEncoder().encode(largest).length).toBeLessThan(beaconLimits.bodyBytes / 4);
  });

  it('names the connection type the browser reports, or "unknown"', () => {
    expect(connectionOf({ effectiveType: '4g' })).toBe('4g');
    expect(connectionOf({ effectiveType: 'slow-2g' })).toBe('slow-2g');
    expect(connectionOf({ effectiveType: '5g' })).toBe('unknown');
    expect(connectionOf({})).toBe('unknown');
    expect(connectionOf(undefined)).toBe('unknown');
  });

  it('classes the window at the layout breakpoints', () => {
    expect([390, 767, 768, 1023, 1024, 1920].map(deviceOf)).toEqual([
      'phone',
      'phone',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
    ]);
  });
});

describe('parseBeacon', () => {
  it('takes every kind of page, connection and width class', () => {
    for (const page of pageTypes) expect(parseBeacon(text({ ...valid, page })).ok).toBe(true);
    for (const conn of ['slow-2g', '2g', '3g', '4g', 'unknown'])
      expect(parseBeacon(text({ ...valid, conn })).ok).toBe(true);
    for (const device of ['phone', 'tablet', 'desktop']) expect(parseBeacon(text({ ...valid, device })).ok).toBe(true);
  });

  it('takes a beacon with only some metrics (INP comes only with an interaction), and rounds them', () => {
    expect(parseBeacon(text({ v: 1, page: 'home', conn: '4g', device: 'phone', TTFB: 120.7 }))).toEqual({
      ok: true,
      beacon: { v: 1, page: 'home', conn: '4g', device: 'phone', TTFB: 121 },
    });
    expect(parseBeacon(text({ ...valid, CLS: 0.123456 }))).toMatchObject({ beacon: { CLS: 0.1235 } });
    expect(parseBeacon(text({ ...valid, LCP: 0, CLS: 0 }))).toMatchObject({ ok: true, beacon: { LCP: 0, CLS: 0 } });
  });

  const refused: [string, string][] = [
    ['not JSON', 'LCP=1840'],
    ['a list', text([valid])],
    ['null', 'null'],
    ['a string', text('hello')],
    ['another version', text({ ...valid, v: 2 })],
    ['no version', text({ ...valid, v: undefined })],
    ['an unknown kind of page', text({ ...valid, page: 'blog' })],
    ['a path instead of a kind', text({ ...valid, page: '/products/pigments' })],
    ['an unknown connection', text({ ...valid, conn: 'wifi' })],
    ['no width class', text({ ...valid, device: undefined })],
    ['a screen size instead of a class', text({ ...valid, device: '390x844' })],
    ['a user agent', text({ ...valid, ua: 'Mozilla/5.0 (Linux; Android 14)' })],
    ['an address', text({ ...valid, url: 'https://www.example.com/contact?email=ada@example.org' })],
    ['an identifier', text({ ...valid, id: 'v5-1732000000000-1234567890123' })],
    ['a metric web-vitals has but the site does not keep', text({ ...valid, FCP: 900 })],
    ['a negative time', text({ ...valid, LCP: -1 })],
    ['a time over ten minutes', text({ ...valid, TTFB: 600_001 })],
    ['a layout shift score over 100', text({ ...valid, CLS: 101 })],
    ['a metric as a string', text({ ...valid, INP: '96' })],
    ['a metric as null', text({ ...valid, INP: null })],
    ['no metric at all', text({ v: 1, page: 'home', conn: '4g', device: 'phone' })],
  ];
  it.each(refused)('refuses %s, with a reason', (_, body) => {
    const parsed = parseBeacon(body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(5);
  });

  it('refuses values that are not finite (JSON cannot carry them; a huge exponent can)', () => {
    expect(parseBeacon('{"v":1,"page":"home","conn":"4g","device":"phone","LCP":1e400}').ok).toBe(false);
  });

  it('names every metric web-vitals reports that the site keeps', () => {
    expect(metricNames).toEqual(['LCP', 'INP', 'CLS', 'TTFB']);
  });
});
