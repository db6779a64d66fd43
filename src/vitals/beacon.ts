/**
 * One beacon of field data: what a sampled page view sends when the visitor leaves it
 * (src/vitals/client.ts), and what the function keeps (handler.ts). Nothing in it names or
 * follows a visitor: the kind of page, the connection type the browser reports, the width class of
 * the window, and the page's metrics. No address, no user agent, no cookie, no identifier.
 *
 * On the wire it is JSON text (`navigator.sendBeacon` with a string body, `text/plain`), at most
 * `beaconLimits.bodyBytes`:
 *
 *   {"v":1,"page":"item","conn":"4g","device":"phone","LCP":1840,"INP":96,"CLS":0.021,"TTFB":310}
 *
 * The function refuses anything else (another field, a value out of range, no metric at all), so
 * no other data can be slipped into the store through it.
 *
 * Imports nothing (the field-data script bundles it, and Node scripts import it as it is).
 */

/**
 * The kinds of page (which page is which: page-type.ts): the home page, a technology, a list of the
 * catalogue, a catalogue item, the contact pages, search, and every other page.
 */
export const pageTypes = ['home', 'technology', 'category', 'item', 'contact', 'search', 'other'] as const;
export type PageType = (typeof pageTypes)[number];

/** The version of the beacon's format; the function refuses others. */
export const beaconVersion = 1;

/** The metrics, as web-vitals names them: Largest Contentful Paint, Interaction to Next Paint, Cumulative Layout Shift, Time to First Byte. */
export const metricNames = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type MetricName = (typeof metricNames)[number];

/**
 * The connection type the browser reports (`navigator.connection.effectiveType`, Chromium
 * browsers only): a class of the measured round trip and throughput, not the kind of network.
 * "unknown" where the browser does not say (Firefox, Safari).
 */
export const connectionTypes = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type ConnectionType = (typeof connectionTypes)[number];

/** The width class of the window, at the site's own layout breakpoints: below 768 px, below 1024 px, wider. */
export const deviceClasses = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

export const beaconLimits = {
  /** The largest body the function reads; a real beacon is about 110 bytes. */
  bodyBytes: 1024,
  /** Timings above ten minutes are not a page view's. */
  maxMs: 600_000,
  /** Layout shift scores far above any real page's (a score of 0.25 is already "poor"). */
  maxCls: 100,
} as const;

export type Metrics = Partial<Record<MetricName, number>>;

export interface Beacon extends Metrics {
  v: typeof beaconVersion;
  page: PageType;
  conn: ConnectionType;
  device: DeviceClass;
}

/** A beacon as the store keeps it: the same fields, and when it arrived. */
export interface StoredBeacon extends Beacon {
  at: string;
}

/** The connection type to report, from `navigator.connection` (undefined where the browser has none). */
export function connectionOf(connection: { effectiveType?: unknown } | undefined): ConnectionType {
  const type = connection?.effectiveType;
  return connectionTypes.includes(type as ConnectionType) ? (type as ConnectionType) : 'unknown';
}

/** The width class of a window `width` CSS pixels wide. */
export const deviceOf = (width: number): DeviceClass => (width < 768 ? 'phone' : width < 1024 ? 'tablet' : 'desktop');

/** A metric's value as it is kept: whole milliseconds, or a layout shift score to four decimals. */
export const roundMetric = (name: MetricName, value: number): number =>
  name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);

/** The beacon's text, with each metric rounded as it is kept. */
export function beaconText(fields: Omit<Beacon, 'v' | MetricName>, metrics: Metrics): string {
  const rounded: Metrics = {};
  for (const name of metricNames) {
    const value = metrics[name];
    if (value !== undefined) rounded[name] = roundMetric(name, value);
  }
  return JSON.stringify({ v: beaconVersion, ...fields, ...rounded });
}

export type ParsedBeacon = { ok: true; beacon: Beacon } | { ok: false; error: string };

const refuse = (error: string): ParsedBeacon => ({ ok: false, error });
const fieldNames: readonly string[] = ['v', 'page', 'conn', 'device', ...metricNames];

/** Reads a beacon's text, refusing anything but the fields above with values in range. */
export function parseBeacon(text: string): ParsedBeacon {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse('The body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return refuse('The body must be a JSON object');
  const body = parsed as Record<string, unknown>;
  const unknown = Object.keys(body).filter((name) => !fieldNames.includes(name));
  if (unknown.length) return refuse(`Unknown field(s): ${unknown.slice(0, 5).join(', ')}`);
  if (body.v !== beaconVersion) return refuse(`v must be ${beaconVersion}`);
  if (!pageTypes.includes(body.page as PageType)) return refuse(`page must be one of ${pageTypes.join(', ')}`);
  if (!connectionTypes.includes(body.conn as ConnectionType))
    return refuse(`conn must be one of ${connectionTypes.join(', ')}`);
  if (!deviceClasses.includes(body.device as DeviceClass))
    return refuse(`device must be one of ${deviceClasses.join(', ')}`);
  const beacon: Beacon = {
    v: beaconVersion,
    page: body.page as PageType,
    conn: body.conn as ConnectionType,
    device: body.device as DeviceClass,
  };
  for (const name of metricNames) {
    const value = body[name];
    if (value === undefined) continue;
    const max = name === 'CLS' ? beaconLimits.maxCls : beaconLimits.maxMs;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max)
      return refuse(`${name} must be a number from 0 to ${max}`);
    beacon[name] = roundMetric(name, value);
  }
  if (!metricNames.some((name) => beacon[name] !== undefined))
    return refuse(`The beacon holds no metric (${metricNames.join(', ')})`);
  return { ok: true, beacon };
}
