/**
 * The field data's bound per day (src/vitals/store.ts): however many beacons arrive, a day holds
 * at most `shards` blobs and `shards × perShard` beacons, and the command reads at most `shards`
 * blobs for it.
 */
import { describe, expect, it } from 'vitest';
import { blobsVitalsStore, vitalsDayLimits } from '../../../src/vitals/store';
import type { StoredBeacon } from '../../../src/vitals/beacon';
import { memoryBlobs } from '../../support/memory-blobs';

const beacon = (i: number, at: string): StoredBeacon => ({
  v: 1,
  page: 'home',
  conn: '4g',
  device: 'phone',
  LCP: 1000 + (i % 3000),
  at,
});

describe('a day of field data', () => {
  it(`10,000 beacons in a day make at most ${vitalsDayLimits.shards} blobs, holding the day's cap of ${vitalsDayLimits.shards * vitalsDayLimits.perShard} beacons`, async () => {
    const { store: raw, blobs, calls } = memoryBlobs();
    const store = blobsVitalsStore(raw);
    const outcomes = { kept: 0, full: 0, busy: 0 };
    for (let i = 0; i < 10_000; i++) {
      const at = new Date(Date.UTC(2026, 10, 25, 0, 0, 0, i * 8000)).toISOString();
      outcomes[await store.add(beacon(i, at))]++;
    }
    const cap = vitalsDayLimits.shards * vitalsDayLimits.perShard;
    expect(cap).toBeLessThan(10_000);
    expect(outcomes).toEqual({ kept: cap, full: 10_000 - cap, busy: 0 });
    expect([...blobs.keys()].every((key) => key.startsWith('beacons/2026-11-25/'))).toBe(true);
    expect(blobs.size).toBeLessThanOrEqual(vitalsDayLimits.shards);

    // The command's read of the day: one listing, one read per blob.
    calls.get = 0;
    const { beacons } = await store.read(['2026-11-25']);
    expect(beacons).toHaveLength(cap);
    expect(calls.get).toBeLessThanOrEqual(vitalsDayLimits.shards);
  });

  it('starts afresh the next day', async () => {
    const { store: raw } = memoryBlobs();
    const store = blobsVitalsStore(raw, { limits: { shards: 2, perShard: 3 } });
    for (let i = 0; i < 10; i++) await store.add(beacon(i, '2026-11-25T10:00:00.000Z'));
    expect(await store.add(beacon(0, '2026-11-25T23:59:59.000Z'))).toBe('full');
    expect(await store.add(beacon(0, '2026-11-26T00:00:00.000Z'))).toBe('kept');
    expect((await store.read(['2026-11-25'])).beacons).toHaveLength(6);
  });
});
