/**
 * The field-data endpoint against a real Blobs server (the contact tests' harness): what it keeps,
 * what it refuses before reading, and the deletion of days past the retention period.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '@netlify/blobs';
import { handleVitalsBeacon } from '../../../src/vitals/handler';
import {
  beaconsPrefix,
  blobsVitalsStore,
  dailyPruning,
  vitalsDayLimits,
  vitalsRetentionDays,
  vitalsStoreFor,
  type VitalsStore,
} from '../../../src/vitals/store';
import { beaconLimits, type Beacon } from '../../../src/vitals/beacon';
import { routes } from '../../../src/model/routes';
import { startBlobs, type LocalBlobs } from '../contact/harness';

const origin = 'https://www.example.com';
const beacon: Beacon = {
  v: 1,
  page: 'category',
  conn: '3g',
  device: 'phone',
  LCP: 2480,
  INP: 120,
  CLS: 0.04,
  TTFB: 610,
};

/** A beacon as Chromium sends it: a POST of a string, so text/plain, from the page's origin. */
function send(
  body: string,
  init: { type?: string | null; origin?: string | null; method?: string; headers?: Record<string, string> } = {},
): Request {
  const headers: Record<string, string> = { ...init.headers };
  if (init.type !== null) headers['content-type'] = init.type ?? 'text/plain;charset=UTF-8';
  if (init.origin !== null) headers.origin = init.origin ?? origin;
  const method = init.method ?? 'POST';
  // A string body would give the request a text/plain type of its own; bytes carry only the headers given.
  return new Request(`${origin}${routes.vitalsEndpoint}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: new TextEncoder().encode(body) } : {}),
  });
}

let blobs: LocalBlobs;
let raw: Store;
let store: VitalsStore;
beforeEach(async () => {
  blobs = await startBlobs();
  raw = blobs.client(vitalsStoreFor('production'));
  // Each beacon on the next shard in turn, so how many blobs a day holds (what pruning counts)
  // does not depend on chance; which shard is taken does not matter to these tests.
  let next = 0;
  store = blobsVitalsStore(raw, { random: () => (next++ % vitalsDayLimits.shards) / vitalsDayLimits.shards });
});
afterEach(() => blobs.stop());

const keys = async () => (await raw.list({ prefix: beaconsPrefix })).blobs.map((b) => b.key).sort();
/**
 * The days that still hold beacons. (The local Blobs server keeps a day's emptied folder and lists
 * it; Netlify's service lists prefixes of existing keys only. Either way its beacons are gone.)
 */
const daysKept = async () => [
  ...new Set((await keys()).map((key) => key.slice(beaconsPrefix.length, beaconsPrefix.length + 10))),
];

describe('a beacon kept', () => {
  it("is answered 204 and kept in one of its day's shards, with the time it arrived and nothing else", async () => {
    const now = new Date('2026-11-25T10:15:30.000Z');
    const response = await handleVitalsBeacon(
      send(JSON.stringify(beacon), {
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8)',
          'x-nf-client-connection-ip': '203.0.113.7',
          cookie: 'a=b',
        },
      }),
      { store, now: () => now },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [key, ...others] = await keys();
    expect(others).toEqual([]);
    expect(key).toMatch(/^beacons\/2026-11-25\/shard-\d{2}$/);
    const kept = await raw.get(key!, { type: 'text' });
    expect(JSON.parse(kept!)).toEqual({ beacons: [{ ...beacon, at: now.toISOString() }] });
    // No address, user agent or cookie went in.
    for (const leaked of ['203.0.113', 'Mozilla', 'Pixel', 'a=b']) expect(kept).not.toContain(leaked);
  });

  it('loses no beacon of a burst to another: every one reported kept is stored, in at most the shards of the day', async () => {
    const few = blobsVitalsStore(raw, { limits: { shards: 3, perShard: 100 } });
    const at = '2026-11-25T10:15:30.000Z';
    const outcomes = await Promise.all(Array.from({ length: 24 }, (_, i) => few.add({ ...beacon, LCP: 1000 + i, at })));
    const kept = outcomes.filter((o) => o === 'kept').length;
    expect(kept).toBeGreaterThan(0);
    expect(outcomes.every((o) => o === 'kept' || o === 'busy')).toBe(true);
    expect((await keys()).length).toBeLessThanOrEqual(3);
    const stored = (await few.read(['2026-11-25'])).beacons;
    expect(stored).toHaveLength(kept);
    expect(new Set(stored.map((b) => b.LCP)).size).toBe(kept);
  });

  it('reads back through the store as the command reads it', async () => {
    await handleVitalsBeacon(send(JSON.stringify(beacon)), { store, now: () => new Date('2026-11-24T23:59:59.000Z') });
    await handleVitalsBeacon(send(JSON.stringify({ ...beacon, page: 'home' })), {
      store,
      now: () => new Date('2026-11-25T00:00:00.000Z'),
    });
    await raw.set(`${beaconsPrefix}2026-11-25/broken`, '{"v":1,');
    expect(await store.days()).toEqual(['2026-11-24', '2026-11-25']);
    const { beacons, unreadable } = await store.read(['2026-11-25']);
    expect(beacons.map((b) => b.page)).toEqual(['home']);
    expect(unreadable).toBe(1);
    expect((await store.read(['2026-11-24', '2026-11-25'])).beacons.map((b) => b.page)).toEqual(['category', 'home']);
  });
});

describe('what is refused before anything is kept', () => {
  const cases: [string, () => Request, number][] = [
    ['a GET', () => send('', { method: 'GET' }), 405],
    ['another site', () => send(JSON.stringify(beacon), { origin: 'https://evil.example' }), 403],
    ['JSON sent as application/json', () => send(JSON.stringify(beacon), { type: 'application/json' }), 415],
    ['a form', () => send('v=1&page=home', { type: 'application/x-www-form-urlencoded' }), 415],
    ['no type', () => send(JSON.stringify(beacon), { type: null }), 415],
    ['a body over the limit', () => send(JSON.stringify({ ...beacon, pad: 'x'.repeat(beaconLimits.bodyBytes) })), 413],
    [
      'a body that declares more than the limit',
      () => send('{}', { headers: { 'content-length': String(beaconLimits.bodyBytes + 1) } }),
      413,
    ],
    ['a beacon with a field the site does not keep', () => send(JSON.stringify({ ...beacon, ua: 'Mozilla/5.0' })), 400],
    ['a beacon without metrics', () => send(JSON.stringify({ v: 1, page: 'home', conn: '4g', device: 'phone' })), 400],
    ['not JSON', () => send('LCP=2480'), 400],
  ];
  it.each(cases)('%s', async (_, request, status) => {
    const response = await handleVitalsBeacon(request(), { store });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error.length).toBeGreaterThan(5);
    expect(await keys()).toEqual([]);
  });

  it('takes a beacon without an Origin header (a client that sends none), and one from the production address on a preview', async () => {
    expect((await handleVitalsBeacon(send(JSON.stringify(beacon), { origin: null }), { store })).status).toBe(204);
    const production = 'https://site.example.org';
    expect(
      (
        await handleVitalsBeacon(send(JSON.stringify(beacon), { origin: production }), {
          store,
          extraOrigins: [production],
        })
      ).status,
    ).toBe(204);
  });

  it('answers 503 and logs when the store cannot be written', async () => {
    blobs.breakWrites();
    const lines: string[] = [];
    const response = await handleVitalsBeacon(send(JSON.stringify(beacon)), { store, log: (line) => lines.push(line) });
    expect(response.status).toBe(503);
    expect(lines.join('\n')).toMatch(/^vitals: could not keep a beacon/);
  });
});

describe('retention', () => {
  const day = 24 * 60 * 60 * 1000;

  async function seedDays(now: Date, daysBack: number[], perDay = 2) {
    for (const back of daysBack) {
      for (let i = 0; i < perDay; i++)
        await store.add({ ...beacon, at: new Date(now.getTime() - back * day + i).toISOString() });
    }
  }

  it(`deletes whole days older than ${vitalsRetentionDays} days after a beacon is kept, once a day per instance`, async () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    await seedDays(now, [200, vitalsRetentionDays + 1, vitalsRetentionDays, 10]);
    const prune = dailyPruning();
    const lines: string[] = [];
    expect(
      (
        await handleVitalsBeacon(send(JSON.stringify(beacon)), {
          store,
          now: () => now,
          prune,
          log: (l) => lines.push(l),
        })
      ).status,
    ).toBe(204);
    // Kept: the day exactly 90 days back (at most one day more than 90), day 10, and today's beacon.
    expect(await daysKept()).toEqual(['2026-08-27', '2026-11-15', '2026-11-25']);
    expect(lines).toEqual(['vitals: 4 beacon(s) older than the retention period deleted']);

    // Later the same day: no listing at all.
    await seedDays(now, [300]);
    await handleVitalsBeacon(send(JSON.stringify(beacon)), {
      store,
      now: () => new Date(now.getTime() + 3600_000),
      prune,
    });
    expect((await daysKept())[0]).toBe('2026-01-29');
    // The next day it runs again.
    await handleVitalsBeacon(send(JSON.stringify(beacon)), { store, now: () => new Date(now.getTime() + day), prune });
    expect(await daysKept()).toEqual(['2026-11-15', '2026-11-25', '2026-11-26']);
  });

  it('goes on with the next beacon while a backlog is left, a bounded number at a time', async () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    await seedDays(now, [120, 121], 3);
    const prune = dailyPruning(4);
    expect(await prune(store, now)).toBe(4);
    expect(await prune(store, now)).toBe(2);
    expect(await prune(store, now)).toBe(0);
    expect(await daysKept()).toEqual([]);
  });

  it('hands the deletion to waitUntil when given, so the answer does not wait for it', async () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    await seedDays(now, [200]);
    const waited: Promise<unknown>[] = [];
    const response = await handleVitalsBeacon(send(JSON.stringify(beacon)), {
      store,
      now: () => now,
      prune: dailyPruning(),
      waitUntil: (p) => waited.push(p),
    });
    expect(response.status).toBe(204);
    expect(waited).toHaveLength(1);
    await waited[0];
    expect(await daysKept()).toEqual(['2026-11-25']);
  });

  it('logs a failed deletion and still answers 204 for the beacon kept', async () => {
    const lines: string[] = [];
    const failing = async () => {
      throw new Error('list failed');
    };
    const response = await handleVitalsBeacon(send(JSON.stringify(beacon)), {
      store,
      prune: failing,
      log: (l) => lines.push(l),
    });
    expect(response.status).toBe(204);
    expect(lines).toEqual(['vitals: could not delete expired beacons: list failed']);
  });
});

describe('the store of each deploy context', () => {
  it('is web-vitals for production and local runs, a store of its own for previews', () => {
    expect(vitalsStoreFor('production')).toBe('web-vitals');
    expect(vitalsStoreFor('dev')).toBe('web-vitals');
    expect(vitalsStoreFor(undefined)).toBe('web-vitals');
    expect(vitalsStoreFor('deploy-preview')).toBe('web-vitals-deploy-preview');
  });
});
