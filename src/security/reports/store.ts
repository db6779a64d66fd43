/**
 * Where violation reports are kept: a Netlify Blobs store ("csp-reports"; a deploy preview's is
 * "csp-reports-deploy-preview", src/server/deploy-store.ts), one JSON blob per distinct violation
 * per day (UTC), in a folder per directive and page:
 *
 *   <yyyy-mm-dd>/<directive>/<page>/<fingerprint>   the violation, when it was first and last
 *                                                   seen that day, and how many times
 *   <yyyy-mm-dd>/<directive>/<page>/slot-<n>        the page's slot n, taken by one violation
 *   <yyyy-mm-dd>/<directive>/page-<m>               the directive's page slot m, taken by one page
 *
 * (`<page>` is a hash of the page's address; `<directive>` the directive's name, or `other` for a
 * name no policy has.) The fingerprint is a hash of everything kept of the violation (directive,
 * what was blocked, page, source and position, sample, disposition), so a violation that every
 * visit of a page causes is one entry a day with a count, not one entry a visit. A repeat costs a
 * read and a write that lands only if nobody counted in between (`onlyIfMatch`), else it is
 * read and counted again.
 *
 * Bounded per kind: each day, a directive takes at most `pagesPerDirective` pages and a page at
 * most `perPage` distinct violations of it, so a flood of made-up reports of one directive (or of
 * one page) fills its own slots and stops there, while the other directives and pages keep theirs,
 * and repeats of what is known still count. Slots are taken as src/contact/mail-cap.ts takes its
 * own: a write that lands only if the slot is new, so of two writers after one slot exactly one
 * gets it and the cap holds across instances. A day holds at most (known directives + 1) ×
 * `pagesPerDirective` × `perPage` entries, and `npm run reports` reads no more. Days older than
 * `keepDays` are deleted by the first new entry of a day.
 *
 * An entry of the older layout (`<yyyy-mm-dd>/<fingerprint>`) is still read until its day goes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Store } from '@netlify/blobs';
import type { CspViolation } from './parse';
import { readVersioned } from '../../server/versioned-blob.ts';

/** The store's name in production (src/server/deploy-store.ts names a preview's). */
export const reportStoreName = 'csp-reports';

export const reportStoreLimits = {
  /** Pages a directive takes a day; violations of it on later new pages that day are dropped. */
  pagesPerDirective: 10,
  /** Distinct violations of one directive a page takes a day; later new ones are dropped. */
  perPage: 5,
  /** Days kept. */
  keepDays: 90,
  /** Old entries deleted at most per new day, so no request does unbounded work. */
  deletionsPerDay: 2000,
  /**
   * Distinct violations of one directive a day kept for all addresses that are no built page
   * together (made-up paths, other sites' pages), when the built pages are known.
   */
  unknownPerDirective: 10,
} as const;
export type ReportStoreLimits = { [K in keyof typeof reportStoreLimits]: number };

/**
 * The directives of Content Security Policy Level 3 and its extensions, each with slots of its
 * own; a report naming any other gets the one folder `other`, so made-up names share one bound.
 */
export const knownDirectives = new Set([
  'default-src',
  'child-src',
  'connect-src',
  'font-src',
  'frame-src',
  'img-src',
  'manifest-src',
  'media-src',
  'object-src',
  'prefetch-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'worker-src',
  'fenced-frame-src',
  'base-uri',
  'sandbox',
  'form-action',
  'frame-ancestors',
  'navigate-to',
  'require-trusted-types-for',
  'trusted-types',
  'upgrade-insecure-requests',
  'webrtc',
]);

/** Tries at a slot before a violation is dropped in a burst; each try after a lost race. */
const triesPerSlot = 6;

export interface ReportRecord extends CspViolation {
  fingerprint: string;
  /** The day (UTC, yyyy-mm-dd) the entry counts. */
  day: string;
  firstSeen: string;
  lastSeen: string;
  count: number;
}

/** What became of one violation: a new entry, a repeat counted, or dropped (its slots are full). */
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
const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/** The folder of a directive's slots: its name when known, else `other`. */
export const directiveFolder = (directive: string): string => (knownDirectives.has(directive) ? directive : 'other');
/** The folder of a violation's page within its directive's: "<day>/<directive>/<page hash>/". */
export const pageFolder = (day: string, v: CspViolation): string =>
  `${day}/${directiveFolder(v.directive)}/${hash(v.page)}/`;

/** The folder of the one bucket for addresses that are no built page, in a directive's folder. */
export const unknownPages = 'unknown';

/** "/about.html", "/index.html", "/about/" -> the address a visitor sees: "/about", "/". */
export function pagePath(path: string): string {
  const trimmed = path
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '$1')
    .replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

/**
 * Whether a reported page is one of the built pages (`pages`, as the build lists them: see
 * src/security/integration.ts): this site's path of one, in any of its spellings.
 */
export const isBuiltPage = (pages: ReadonlySet<string>, page: string) =>
  page.startsWith('/') && pages.has(pagePath(page));

/**
 * Where the build lists its pages' paths for the report function (src/security/integration.ts),
 * relative to the project: beside the adapter's deploy files, which netlify.toml includes in the
 * csp-report function's bundle.
 */
export const builtPagesFile = '.netlify/built-pages.json';

/** The built pages' paths from `file`, or undefined when there is no such list (a build of before). */
export function readBuiltPages(file: string): Set<string> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const paths: unknown = JSON.parse(text);
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
    throw new Error(`${file} is not a list of paths`);
  return new Set(paths.map(pagePath));
}

/** Whether a key is an entry (not a slot): entries' last part is a fingerprint. */
const isEntry = (key: string) => !/\/(slot|page)-\d+$/.test(key);

/**
 * `builtPages`: the paths of the built pages (src/security/integration.ts writes them). With them,
 * each built page keeps `perPage` slots of each directive of its own, taken by no other page, and
 * every other address shares one bucket of `unknownPerDirective` slots a directive
 * (`<day>/<directive>/unknown/`): made-up paths cannot take a real page's slots. Without them
 * (a build of before), a directive takes at most `pagesPerDirective` pages, as before.
 */
// Over 100 lines on purpose: the ReportStore interface over one Blobs store: short methods sharing
// the store, its limits, the built pages and the day last cleared.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
export function blobsReportStore(
  store: Store,
  limits: ReportStoreLimits = reportStoreLimits,
  builtPages?: ReadonlySet<string>,
): ReportStore {
  /** The day this instance last looked for days past keeping. */
  let lookedForOldDays: string | undefined;

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

  /** Counts one more of a known entry, again if another writer counted in between; false when it is not there. */
  async function countRepeat(key: string, at: string): Promise<boolean> {
    for (let tries = 0; tries < triesPerSlot; tries++) {
      const known = await readVersioned<ReportRecord>(store, key);
      if (!known) return false;
      const next = { ...known.data, count: known.data.count + 1, lastSeen: at };
      if ((await store.setJSON(key, next, { onlyIfMatch: known.etag })).modified) return true;
    }
    // Lost every race: the entry is being counted by others; this one goes uncounted.
    return true;
  }

  /**
   * Takes one of `count` slots named `<prefix><n>` for `holder`: "mine", "theirs" when another
   * writer took one for the same holder first (two first reports of one page at once), or "none"
   * when all are taken (or after many lost races in a burst: the safe side). The free slots are
   * tried from one that depends on the holder, so two writers for one holder meet at one slot.
   */
  async function takeSlot(
    prefix: string,
    count: number,
    holder: string,
    taken: Set<string>,
  ): Promise<'mine' | 'theirs' | 'none'> {
    const start = parseInt(createHash('sha256').update(holder).digest('hex').slice(0, 8), 16);
    for (let tries = 0; tries < triesPerSlot; tries++) {
      const free: string[] = [];
      for (let i = 0; i < count; i++) {
        const slot = `${prefix}${((start + i) % count) + 1}`;
        if (!taken.has(slot)) free.push(slot);
      }
      const slot = free[0];
      if (!slot) return 'none';
      if ((await store.setJSON(slot, { holder }, { onlyIfNew: true })).modified) return 'mine';
      taken.add(slot);
      const other = (await store.get(slot, { type: 'json' })) as { holder?: string } | null;
      if (other?.holder === holder) return 'theirs';
    }
    return 'none';
  }

  return {
    async keep(violation, now) {
      const day = dayOf(now);
      const fingerprint = fingerprintOf(violation);
      const directive = `${day}/${directiveFolder(violation.directive)}/`;
      const known = builtPages ? isBuiltPage(builtPages, violation.page) : undefined;
      // A built page's folder is its own, whichever way its address is spelled; every other
      // address is in the one bucket.
      const page =
        known === undefined
          ? pageFolder(day, violation)
          : known
            ? `${directive}${hash(pagePath(violation.page))}/`
            : `${directive}${unknownPages}/`;
      const key = `${page}${fingerprint}`;
      const at = now.toISOString();
      if (await countRepeat(key, at)) return 'repeat';

      // The first new entry of a day deletes the days past keeping; an instance looks once a day.
      if (lookedForOldDays !== day) {
        if (!(await store.list({ prefix: `${day}/`, directories: true })).directories.length) await forgetOldDays(day);
        lookedForOldDays = day;
      }
      // Without the list of built pages, a page new to the directive today first takes one of the
      // directive's page slots.
      const listed = known === undefined ? await store.list({ prefix: directive, directories: true }) : undefined;
      const pages = listed?.directories.map((d) => d.replace(/\/?$/, '/')) ?? [];
      if (listed && !pages.includes(page)) {
        if (pages.length >= limits.pagesPerDirective) return 'full';
        const taken = new Set(listed.blobs.map((b) => b.key));
        if ((await takeSlot(`${directive}page-`, limits.pagesPerDirective, page, taken)) === 'none') return 'full';
      }
      // Then one of the page's slots for this violation.
      const inPage = new Set((await store.list({ prefix: page })).blobs.map((b) => b.key));
      const slots = known === false ? limits.unknownPerDirective : limits.perPage;
      const slot = await takeSlot(`${page}slot-`, slots, fingerprint, inPage);
      if (slot === 'none') return 'full';
      // Another writer is keeping this very violation: count this one on it (if it is written yet).
      if (slot === 'theirs') {
        await countRepeat(key, at);
        return 'repeat';
      }
      const record: ReportRecord = { ...violation, fingerprint, day, firstSeen: at, lastSeen: at, count: 1 };
      if ((await store.setJSON(key, record, { onlyIfNew: true })).modified) return 'new';
      // Another request wrote it first: count this one on it.
      await countRepeat(key, at);
      return 'repeat';
    },

    async list({ since } = {}) {
      const wanted = (await days()).filter((day) => !since || day >= since).reverse();
      const records: ReportRecord[] = [];
      for (const day of wanted) {
        const keys = (await store.list({ prefix: `${day}/` })).blobs.map((b) => b.key).filter(isEntry);
        // A few reads at a time: thousands at once overflow a Blobs server's queue.
        for (let i = 0; i < keys.length; i += 32) {
          const read = await Promise.all(
            keys.slice(i, i + 32).map((key) => store.get(key, { type: 'json' }) as Promise<ReportRecord | null>),
          );
          records.push(...read.filter((r): r is ReportRecord => r !== null));
        }
      }
      return records;
    },
  };
}
