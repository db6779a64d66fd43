/**
 * The hourly cap on contact e-mails, on a real local Blobs server: never more e-mails an hour
 * than CONTACT_MAIL_PER_HOUR, however many writers (function instances) ask at once; the next
 * hour starts afresh; an instance that saw the hour full asks the store nothing more that hour.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultMailPerHour,
  hourOf,
  mailPerHourFrom,
  takeMailSlot,
  withMailCap,
  type CapMemory,
  digestSlotsOf,
  singleSlotsOf,
} from '../../../src/contact/mail-cap';
import { blobsMessageStore, type MessageStore } from '../../../src/contact/store';
import { useContactServers } from './harness';

const servers = useContactServers();
const ten = new Date('2026-11-22T10:20:00Z');

describe('CONTACT_MAIL_PER_HOUR', () => {
  it('is a whole number from 1 to 10,000; anything else is the default, 30, with a log line', () => {
    const said: string[] = [];
    const log = (line: string) => said.push(line);
    expect(defaultMailPerHour).toBe(30);
    expect(mailPerHourFrom(undefined, log)).toBe(30);
    expect(mailPerHourFrom(' ', log)).toBe(30);
    expect(mailPerHourFrom('120', log)).toBe(120);
    expect(mailPerHourFrom('1', log)).toBe(1);
    expect(mailPerHourFrom('10000', log)).toBe(10_000);
    expect(said).toEqual([]);
    for (const bad of ['0', '-5', '2.5', 'thirty', '10001', '1e999']) expect(mailPerHourFrom(bad, log), bad).toBe(30);
    expect(said).toHaveLength(6);
    expect(said[0]).toBe(
      'contact: CONTACT_MAIL_PER_HOUR="0" is not a whole number from 1 to 10000; sending at most 30 e-mails an hour',
    );
  });

  it("travels with a function's mailer, with the instance's memory; no mailer, no cap", () => {
    const memory: CapMemory = {};
    const mail = {
      mailer: { send: async () => {} },
      settings: { to: 'a@example.org', from: 'a@example.org', domain: 'x' },
    };
    expect(withMailCap(mail, { CONTACT_MAIL_PER_HOUR: '5' }, memory)).toEqual({ ...mail, cap: { perHour: 5, memory } });
    expect(withMailCap(mail, {})).toEqual({ ...mail, cap: { perHour: 30 } });
    expect(withMailCap(undefined, { CONTACT_MAIL_PER_HOUR: '5' })).toBeUndefined();
  });
});

describe('the slots of an hour', () => {
  it('40 writers at once in two instances, a cap of 10: exactly the slots for e-mails of their own, one each; the one kept goes to a digest', async () => {
    const instances = [servers.blobs.store, blobsMessageStore(servers.blobs.client())];
    const granted = await Promise.all(
      Array.from({ length: 40 }, (_, i) => takeMailSlot(instances[i % 2]!, { perHour: 10 }, ten, `message ${i}`)),
    );
    const singles = singleSlotsOf(10);
    expect(singles).toBe(10 - digestSlotsOf(10));
    expect(granted.filter(Boolean)).toHaveLength(singles);
    expect((await servers.blobs.store.takenMailSlots(hourOf(ten))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: singles }, (_, i) => i + 1),
    );
    // Full for the rest of the hour for e-mails of their own; a digest still has its slot, once.
    expect(await takeMailSlot(servers.blobs.store, { perHour: 10 }, new Date('2026-11-22T10:59:59Z'), 'late')).toBe(
      false,
    );
    expect(await takeMailSlot(servers.blobs.store, { perHour: 10 }, ten, 'digest', 'digest')).toBe(true);
    expect(await takeMailSlot(servers.blobs.store, { perHour: 10 }, ten, 'digest 2', 'digest')).toBe(false);
    expect(await servers.blobs.store.takenMailSlots(hourOf(ten))).toHaveLength(10);
    // The next hour has its own.
    expect(await takeMailSlot(servers.blobs.store, { perHour: 10 }, new Date('2026-11-22T11:00:00Z'), 'next')).toBe(
      true,
    );
    // A larger cap, set by a new deploy, allows more in the same hour.
    expect(await takeMailSlot(servers.blobs.store, { perHour: 13 }, ten, 'more')).toBe(true);
  });

  it('keeps a tenth of the cap for digests, at least one: a cap of 1 sends one digest an hour', () => {
    expect([1, 2, 10, 11, 30, 10_000].map((n) => [digestSlotsOf(n), singleSlotsOf(n)])).toEqual([
      [1, 0],
      [1, 1],
      [1, 9],
      [2, 9],
      [3, 27],
      [1000, 9000],
    ]);
  });

  it('in a burst where every writer picks the same slot, a writer that loses every race is held: never more than the cap', async () => {
    const cap = { perHour: 20, random: () => 0 };
    const granted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => takeMailSlot(servers.blobs.store, cap, ten, `message ${i}`)),
    );
    const count = granted.filter(Boolean).length;
    expect(count).toBeGreaterThanOrEqual(8);
    expect(count).toBeLessThanOrEqual(20);
    expect(await servers.blobs.store.takenMailSlots(hourOf(ten))).toHaveLength(count);
  });

  it('an instance that saw the hour full asks the store nothing more until the next hour', async () => {
    let listings = 0;
    const counted: MessageStore = {
      ...servers.blobs.store,
      takenMailSlots: (hour) => {
        listings++;
        return servers.blobs.store.takenMailSlots(hour);
      },
    };
    const memory: CapMemory = {};
    const cap = { perHour: 3, memory };
    expect(await takeMailSlot(counted, cap, ten, 'a')).toBe(true);
    expect(await takeMailSlot(counted, cap, ten, 'b')).toBe(true);
    expect(await takeMailSlot(counted, cap, ten, 'c')).toBe(false);
    expect(memory.fullHour).toBe('2026-11-22T10');
    const before = listings;
    for (const holder of ['d', 'e', 'f']) expect(await takeMailSlot(counted, cap, ten, holder)).toBe(false);
    expect(listings).toBe(before);
    expect(await takeMailSlot(counted, cap, new Date('2026-11-22T11:00:00Z'), 'g')).toBe(true);
  });

  it('a store that cannot be read is an error for the caller, which then sends nothing', async () => {
    const broken: MessageStore = {
      ...servers.blobs.store,
      takenMailSlots: () => Promise.reject(new Error('store unreachable')),
    };
    await expect(takeMailSlot(broken, { perHour: 5 }, ten, 'a')).rejects.toThrow('store unreachable');
  });
});
