/**
 * Where the field data of real visits is kept: a Netlify Blobs store, "web-vitals" (a deploy
 * preview's or branch deploy's own, "web-vitals-<context>", src/server/deploy-store.ts), one blob
 * per beacon under the day it arrived:
 *
 *   beacons/<yyyy-mm-dd>/<time>-<random>
 *
 * A beacon is the batch of one page view's metrics, and each is written once, under a key of its
 * own: no two requests ever write the same blob, so nothing needs a conditional write or a read
 * before writing. (A function instance answers one request at a time, so batching several
 * beacons in memory would batch one.) Whole days are deleted once older than
 * `vitalsRetentionDays`, unread (src/server/day-folders.ts).
 *
 * Imports with file extensions, so `npm run vitals` (a Node script) reads through the same code.
 */
import type { Store } from '@netlify/blobs';
import type { StoredBeacon } from './beacon.ts';
import { daysOf, deleteExpiredDays, isDay, utcDay } from '../server/day-folders.ts';
import { contextStoreName } from '../server/deploy-store.ts';
import { eachLimited } from '../server/each-limited.ts';

export const vitalsStoreName = 'web-vitals';
export const beaconsPrefix = 'beacons/';
/** Days a beacon is kept (the privacy policy says so). */
export const vitalsRetentionDays = 90;

/** The store of a deploy context's field data. */
export const vitalsStoreFor = (deployContext: string | undefined): string =>
  contextStoreName(vitalsStoreName, deployContext);

/** The key of a beacon that arrived at `at`: its day's folder, then its time and a random part. */
export const beaconKey = (at: Date): string =>
  `${beaconsPrefix}${utcDay(at)}/${at.toISOString()}-${crypto.randomUUID().slice(0, 8)}`;

export interface VitalsStore {
  /** Keeps one beacon under a key of its own; returns the key. */
  add(beacon: StoredBeacon): Promise<string>;
  /** The days that hold beacons, oldest first: one list call. */
  days(): Promise<string[]>;
  /** Deletes up to `limit` beacons of one day, unread; returns how many. */
  deleteDay(day: string, limit: number): Promise<number>;
  /**
   * Every beacon of these days, and how many blobs there could not be read as one. One listing,
   * then one read per beacon: for tools (`npm run vitals`), never for the function.
   */
  read(days: readonly string[]): Promise<{ beacons: StoredBeacon[]; unreadable: number }>;
}

/** Reads in flight at once: enough to hide the store's latency, few enough to be polite. */
const storeWidth = 16;

export function blobsVitalsStore(store: Store): VitalsStore {
  const keysOf = async (prefix: string) =>
    (await store.list({ prefix })).blobs.map((blob) => blob.key).filter((key) => key.startsWith(prefix));

  return {
    async add(beacon) {
      const key = beaconKey(new Date(beacon.at));
      await store.setJSON(key, beacon);
      return key;
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
          beacons.push(JSON.parse(text) as StoredBeacon);
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
