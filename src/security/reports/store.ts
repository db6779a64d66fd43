/**
 * Where violation reports are kept: a Netlify Blobs store ("csp-reports"; a deploy preview's is
 * "csp-reports-deploy-preview", src/server/deploy-store.ts), one JSON blob per distinct violation
 * per day (UTC):
 *
 *   <yyyy-mm-dd>/<fingerprint>   the violation, when it was first and last seen that day, and
 *                                how many times
 *
 * The fingerprint is a hash of everything kept of the violation (directive, what was blocked,
 * page, source and position, sample, disposition), so a violation that every visit of a page
 * causes is one entry a day with a count, not one entry a visit. A repeat costs one read and one
 * write; the count is a plain read-then-write, so two repeats at the same moment may count as
 * one (it tells how often, not exactly).
 *
 * Bounded: at most `reportStoreLimits.distinctPerDay` entries a day (a flood of made-up reports
 * fills one day and stops there, while repeats of what is known still count), and days older than
 * `reportStoreLimits.keepDays` are deleted by the first new entry of a day.
 */
import { createHash } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import type { CspViolation } from './parse';

/** The store's name in production (src/server/deploy-store.ts names a preview's). */
export const reportStoreName = 'csp-reports';

export const reportStoreLimits = {
  /** Distinct violations kept a day; later new ones that day are dropped. */
  distinctPerDay: 500,
  /** Days kept. */
  keepDays: 90,
  /** Old entries deleted at most per new day, so no request does unbounded work. */
  deletionsPerDay: 2000,
} as const;

export interface ReportRecord extends CspViolation {
  fingerprint: string;
  /** The day (UTC, yyyy-mm-dd) the entry counts. */
  day: string;
  firstSeen: string;
  lastSeen: string;
  count: number;
}

/** What became of one violation: a new entry, a repeat counted, or dropped (the day is full). */
export type KeepOutcome = 'new' | 'repeat' | 'full';

export interface ReportStore {
  keep(violation: CspViolation, now: Date): Promise<KeepOutcome>;
  /** Every entry from `since` (yyyy-mm-dd) on, or all; newest day first. */
  list(options?: { since?: string }): Promise<ReportRecord[]>;
}

/** A short, stable hash of everything kept of a violation (its arrival format aside). */
export function fingerprintOf(v: CspViolation): string {
  const parts = [v.directive, v.blocked, v.page, v.source, v.line ?? '', v.column ?? '', v.sample, v.disposition];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function blobsReportStore(
  store: Store,
  limits: { distinctPerDay: number; keepDays: number; deletionsPerDay: number } = reportStoreLimits,
): ReportStore {
  /** The days that have entries, oldest first: one list call. */
  async function days(): Promise<string[]> {
    const { directories } = await store.list({ directories: true });
    return directories
      .map((d) => d.replace(/\/$/, ''))
      .filter(isDay)
      .sort();
  }

  /** Deletes the entries of days older than the kept ones, up to the day's bound. */
  async function forgetOldDays(today: string) {
    const cutoff = dayOf(new Date(Date.parse(`${today}T00:00:00Z`) - limits.keepDays * 86_400_000));
    let budget = limits.deletionsPerDay;
    for (const day of await days()) {
      if (day >= cutoff || budget <= 0) break;
      const { blobs } = await store.list({ prefix: `${day}/` });
      for (const { key } of blobs.slice(0, budget)) await store.delete(key);
      budget -= blobs.length;
    }
  }

  return {
    async keep(violation, now) {
      const day = dayOf(now);
      const fingerprint = fingerprintOf(violation);
      const key = `${day}/${fingerprint}`;
      const at = now.toISOString();
      const known = (await store.get(key, { type: 'json' })) as ReportRecord | null;
      if (known) {
        await store.setJSON(key, { ...known, count: known.count + 1, lastSeen: at });
        return 'repeat';
      }
      const { blobs } = await store.list({ prefix: `${day}/` });
      if (blobs.length >= limits.distinctPerDay) return 'full';
      if (blobs.length === 0) await forgetOldDays(day);
      const record: ReportRecord = { ...violation, fingerprint, day, firstSeen: at, lastSeen: at, count: 1 };
      const written = await store.setJSON(key, record, { onlyIfNew: true });
      if (written.modified) return 'new';
      // Another request wrote it first: count this one on it.
      const other = (await store.get(key, { type: 'json' })) as ReportRecord | null;
      if (other) await store.setJSON(key, { ...other, count: other.count + 1, lastSeen: at });
      return 'repeat';
    },

    async list({ since } = {}) {
      const wanted = (await days()).filter((day) => !since || day >= since).reverse();
      const records: ReportRecord[] = [];
      for (const day of wanted) {
        const { blobs } = await store.list({ prefix: `${day}/` });
        // A few reads at a time: thousands at once overflow a Blobs server's queue.
        for (let i = 0; i < blobs.length; i += 32) {
          const read = await Promise.all(
            blobs.slice(i, i + 32).map((b) => store.get(b.key, { type: 'json' }) as Promise<ReportRecord | null>),
          );
          records.push(...read.filter((r): r is ReportRecord => r !== null));
        }
      }
      return records;
    },
  };
}
