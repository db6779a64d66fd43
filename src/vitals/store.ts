/**
 * Where the field data of real visits is kept: a Netlify Blobs store, "web-vitals" (a deploy
 * preview's or branch deploy's own, "web-vitals-<context>", src/server/deploy-store.ts), a fixed
 * number of blobs per UTC day whatever the traffic:
 *
 *   beacons/<yyyy-mm-dd>/shard-<nn>   { beacons: [...] }, nn = 00 … shards-1
 *
 * A beacon is the batch of one page view's metrics. It is added to one of the day's shards,
 * picked at random, by reading the shard and writing it back only if nobody wrote it in between
 * (`onlyIfMatch` its ETag, `onlyIfNew` for a shard not yet there): of two writers of one shard,
 * one lands and the other tries again, so no beacon overwrites another. A shard holds at most
 * `perShard` beacons, so a day holds at most `shards` blobs and `shards × perShard` beacons (the
 * daily cap, 4,000: at the default 10% sample, 40,000 page views a day); later beacons that day
 * are dropped, and an instance that saw a shard full does not read it again that day (nor the store
 * at all once every shard is).
 * `npm run vitals` reads at most `shards` blobs a day. Whole days are deleted once older than
 * `vitalsRetentionDays`, unread (src/server/day-folders.ts).
 *
 * A blob of an older layout (one beacon per blob, `beacons/<day>/<time>-<random>`) is still read
 * as one beacon until its day expires.
 *
 * Imports with file extensions, so `npm run vitals` (a Node script) reads through the same code.
 */
import type { Store } from '@netlify/blobs';
import type { StoredBeacon } from './beacon.ts';
import { daysOf, deleteExpiredDays, isDay, utcDay } from '../server/day-folders.ts';
import { contextStoreName } from '../server/deploy-store.ts';
import { eachLimited } from '../server/each-limited.ts';
import { readVersioned } from '../server/versioned-blob.ts';

export const vitalsStoreName = 'web-vitals';
export const beaconsPrefix = 'beacons/';
/** Days a beacon is kept (the privacy policy says so). */
export const vitalsRetentionDays = 90;

/** The bound of a day: `shards` blobs of at most `perShard` beacons each. */
export const vitalsDayLimits = { shards: 16, perShard: 250 } as const;
export type VitalsDayLimits = { shards: number; perShard: number };

/** Tries a beacon gets: a full shard or a lost race costs one, and the next shard is tried. */
const triesPerBeacon = 8;

/** The store of a deploy context's field data. */
export const vitalsStoreFor = (deployContext: string | undefined): string =>
  contextStoreName(vitalsStoreName, deployContext);

/** The key of a day's shard n: "beacons/2026-11-25/shard-03". */
export const shardKey = (day: string, shard: number): string =>
  `${beaconsPrefix}${day}/shard-${String(shard).padStart(2, '0')}`;

/** What became of a beacon: kept, dropped because the day is full, or dropped after lost races. */
export type AddOutcome = 'kept' | 'full' | 'busy';

/** Reads in flight at once: enough to hide the store's latency, few enough to be polite. */
const storeWidth = 16;

interface Shard {
  beacons: StoredBeacon[];
}

export interface VitalsStore {
  /** Adds one beacon to a shard of its day, unless the day is full. */
  add(beacon: StoredBeacon): Promise<AddOutcome>;
  /** The days that hold beacons, oldest first: one list call. */
  days(): Promise<string[]>;
  /** Deletes up to `limit` beacons of one day, unread; returns how many. */
  deleteDay(day: string, limit: number): Promise<number>;
  /**
   * Every beacon of these days, and how many blobs there could not be read. One listing, then
   * one read per shard (at most `shards` a day): for tools (`npm run vitals`), never for the function.
   */
  read(days: readonly string[]): Promise<{ beacons: StoredBeacon[]; unreadable: number }>;
}

export function blobsVitalsStore(
  store: Store,
  { limits = vitalsDayLimits, random = Math.random }: { limits?: VitalsDayLimits; random?: () => number } = {},
): VitalsStore {
  const keysOf = async (prefix: string) =>
    (await store.list({ prefix })).blobs.map((blob) => blob.key).filter((key) => key.startsWith(prefix));
  /**
   * The shards of the day this instance saw full (a full shard stays full for its day): once
   * all are, a beacon of that day is dropped without asking the store.
   */
  let seen: { day: string; full: Set<number> } = { day: '', full: new Set() };

  return {
    async add(beacon) {
      const day = utcDay(new Date(beacon.at));
      if (seen.day !== day) seen = { day, full: new Set() };
      const { full } = seen;
      for (let tries = 0; tries < triesPerBeacon; tries++) {
        const open: number[] = [];
        for (let shard = 0; shard < limits.shards; shard++) if (!full.has(shard)) open.push(shard);
        if (!open.length) return 'full';
        const shard = open[Math.min(open.length - 1, Math.floor(random() * open.length))]!;
        const key = shardKey(day, shard);
        const found = await readVersioned<Shard>(store, key);
        const beacons = Array.isArray(found?.data?.beacons) ? found.data.beacons : [];
        if (beacons.length >= limits.perShard) {
          full.add(shard);
          continue;
        }
        const next: Shard = { beacons: [...beacons, beacon] };
        const written = await store.setJSON(key, next, found ? { onlyIfMatch: found.etag } : { onlyIfNew: true });
        if (written.modified) {
          if (next.beacons.length >= limits.perShard) full.add(shard);
          return 'kept';
        }
        // Another beacon landed on this shard first: try again, maybe elsewhere.
      }
      return full.size === limits.shards ? 'full' : 'busy';
    },

    async days() {
      const { directories } = await store.list({ prefix: beaconsPrefix, directories: true });
      return daysOf(directories, beaconsPrefix);
    },

    async deleteDay(day, limit) {
      if (!isDay(day)) throw new Error(`not a day: ${day}`);
      const doomed = (await keysOf(`${beaconsPrefix}${day}/`)).slice(0, limit);
      await eachLimited(doomed, storeWidth, (key) => store.delete(key));
      return doomed.length;
    },

    async read(days) {
      const wanted = new Set(days);
      // The whole store, filtered here: it holds beacons only, so this lists what `beacons/` would,
      // and Netlify's local Blobs server answers a listing by prefix through the API with nothing.
      const keys = (await store.list()).blobs
        .map((blob) => blob.key)
        .filter(
          (key) =>
            key.startsWith(beaconsPrefix) && wanted.has(key.slice(beaconsPrefix.length, beaconsPrefix.length + 10)),
        );
      const beacons: StoredBeacon[] = [];
      let unreadable = 0;
      await eachLimited(keys, storeWidth, async (key) => {
        const text = await store.get(key, { type: 'text' });
        if (text === null) return;
        try {
          const data = JSON.parse(text) as Shard | StoredBeacon;
          // A shard, or one beacon of the older layout.
          if ('beacons' in data && Array.isArray(data.beacons)) beacons.push(...data.beacons);
          else beacons.push(data as StoredBeacon);
        } catch {
          unreadable++;
        }
      });
      return { beacons: beacons.sort((a, b) => a.at.localeCompare(b.at)), unreadable };
    },
  };
}

/**
 * Deletes expired days at most once a UTC day per function instance (more often while a backlog
 * is left), `limit` beacons at a time: the first beacon of each day pays one list call, the
 * others nothing. Returns a function to call after each beacon kept.
 */
export function dailyPruning(limit = 100): (store: VitalsStore, now: Date) => Promise<number> {
  let prunedOn: string | undefined;
  return async (store, now) => {
    const today = utcDay(now);
    if (prunedOn === today) return 0;
    // Taken first, so two requests of one instance do not both list.
    prunedOn = today;
    try {
      const { deleted, done } = await deleteExpiredDays(store, now, vitalsRetentionDays, limit);
      if (!done) prunedOn = undefined;
      return deleted;
    } catch (error) {
      prunedOn = undefined;
      throw error;
    }
  };
}
