/**
 * What `npm run vitals` reports from the kept beacons: the 75th percentile of each metric, over
 * the last 7 and 28 days, for all page views, by kind of page, by connection type and by width
 * class. The 75th percentile is the figure Core Web Vitals are judged by: three page views in four
 * were at least this good.
 */
import { connectionTypes, deviceClasses, metricNames, type MetricName, type StoredBeacon } from './beacon.ts';
import { pageTypes } from './page-type.ts';
import { lastDays } from '../server/day-folders.ts';

/**
 * The 75th percentile of `values` by the nearest-rank method: the smallest value that at least
 * 75% of the values are at or below (the ceil(0.75 n)-th smallest). Undefined for no values.
 */
export function p75(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1];
}

export interface Summary {
  /** Page views (beacons) counted. */
  views: number;
  /** The 75th percentile of each metric over the views that reported it. */
  p75: Partial<Record<MetricName, number>>;
  /** How many views reported each metric (INP only comes with an interaction). */
  samples: Partial<Record<MetricName, number>>;
}

export function summarise(beacons: readonly StoredBeacon[]): Summary {
  const summary: Summary = { views: beacons.length, p75: {}, samples: {} };
  for (const name of metricNames) {
    const values = beacons.map((beacon) => beacon[name]).filter((value): value is number => value !== undefined);
    if (!values.length) continue;
    summary.p75[name] = p75(values);
    summary.samples[name] = values.length;
  }
  return summary;
}

/** The groupings of a report, each with its values in a fixed order. */
export const groupings = {
  page: pageTypes,
  conn: connectionTypes,
  device: deviceClasses,
} as const;
export type Grouping = keyof typeof groupings;

export interface GroupSummary extends Summary {
  group: string;
}

/** One summary for each value of `by` that has page views, in the grouping's order. */
export function summariseBy(beacons: readonly StoredBeacon[], by: Grouping): GroupSummary[] {
  return groupings[by]
    .map((group) => ({ group, ...summarise(beacons.filter((beacon) => beacon[by] === group)) }))
    .filter((summary) => summary.views > 0);
}

export interface WindowReport {
  /** The window's length in days, today (UTC) included. */
  days: number;
  from: string;
  to: string;
  all: Summary;
  by: Record<Grouping, GroupSummary[]>;
}

/** The beacons that arrived in the last `days` UTC days, today included. */
export function withinDays(beacons: readonly StoredBeacon[], now: Date, days: number): StoredBeacon[] {
  const window = lastDays(now, days);
  const from = window[0]!;
  const to = window[window.length - 1]!;
  return beacons.filter((beacon) => {
    const day = beacon.at.slice(0, 10);
    return day >= from && day <= to;
  });
}

/** The report of each window (7 and 28 days unless told). */
export function fieldReport(
  beacons: readonly StoredBeacon[],
  now: Date,
  windows: readonly number[] = [7, 28],
): WindowReport[] {
  return windows.map((days) => {
    const window = lastDays(now, days);
    const within = withinDays(beacons, now, days);
    return {
      days,
      from: window[0]!,
      to: window[window.length - 1]!,
      all: summarise(within),
      by: {
        page: summariseBy(within, 'page'),
        conn: summariseBy(within, 'conn'),
        device: summariseBy(within, 'device'),
      },
    };
  });
}
