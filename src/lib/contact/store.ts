/**
 * Where accepted messages are kept: a Netlify Blobs store with strong consistency, one JSON blob
 * per message, whose key says where the message stands:
 *
 *   pending/<id>              waiting for its first or next delivery attempt
 *   sent/<yyyy-mm-dd>/<id>    e-mailed on that day (UTC); deleted once the retention period is over
 *   failed/<id>               given up on (refused for good, or too many attempts), with the reason
 *   received/<browser id>     a marker, not a message: the browser's own id of a message it sent
 *                             (outbox.ts), and the id it is kept under here, so a repeat is known
 *
 * A retry run therefore lists `pending/` only and reads nothing that was sent: its cost follows
 * the number of messages waiting, not the number ever received. Retention lists the day folders
 * of `sent/` (one short list call) and deletes whole expired days without reading them.
 *
 * Several writers may handle one pending message at once: its first delivery and a retry run, or
 * two overlapping runs. So every change of a pending record is a conditional write that lands
 * only if the record's ETag is still the one its writer read (`onlyIfMatch`): of two writers that
 * read the same version, exactly one wins. A record leaves `pending/` by being marked with its
 * outcome there first (conditionally), then copied to its new key, then deleted from `pending/`;
 * a run that finds a marked record under `pending/` (a mover stopped halfway) finishes the move
 * and sends nothing.
 */
import type { Store } from '@netlify/blobs';
import type { KeptMessage } from './message';
import { eachLimited } from '../each-limited';

export type MessageStatus = 'pending' | 'sent' | 'failed';

export interface StoredMessage {
  id: string;
  receivedAt: string;
  status: MessageStatus;
  /** Delivery attempts made so far. */
  attempts: number;
  lastAttemptAt?: string;
  /**
   * Pending messages: no attempt may start before this time. A new message and a message claimed
   * by a retry run get it a little ahead (a lease), so no other run sends it meanwhile.
   */
  nextAttemptAt?: string;
  lastError?: string;
  sentAt?: string;
  failedAt?: string;
  /** Failed messages: why delivery was given up. */
  failureReason?: string;
  /** The id the browser gave the message (src/lib/contact/outbox.ts), when it sent one. */
  browserId?: string;
  message: KeptMessage;
}

/** What `received/<browser id>` holds: no personal data, only which message the id became. */
export interface ReceivedMarker {
  id: string;
  receivedAt: string;
}

/** A pending record as one writer read or wrote it: the ETag its next write must match. */
export interface Held {
  record: StoredMessage;
  etag: string;
}

export interface MessageStore {
  /** Keeps a new pending message. It comes back held, for its first delivery attempt. */
  add(record: StoredMessage): Promise<Held>;
  /** Ids and ETags of the pending messages: list calls only, no blob read. */
  listPending(): Promise<{ id: string; etag: string }[]>;
  /** One pending message (one blob read), or undefined once it has left `pending/`. */
  readPending(id: string, listedEtag?: string): Promise<Held | undefined>;
  /**
   * Replaces a pending record, if nobody changed it since `held` was read or written. Returns the
   * new version, or undefined when another writer got there first.
   */
  replacePending(held: Held, next: StoredMessage): Promise<Held | undefined>;
  /** Copies a sent or failed record to its own key, then removes it from `pending/`. */
  file(record: StoredMessage): Promise<void>;
  /** The days (yyyy-mm-dd, UTC) on which kept messages were sent, oldest first: one list call. */
  sentDays(): Promise<string[]>;
  /** Deletes up to `limit` messages sent on `day`, without reading them; returns how many. */
  deleteSent(day: string, limit: number): Promise<number>;
  /**
   * Every message, newest first. Reads every blob, so it is for tools and tests, never for a
   * scheduled run.
   */
  list(): Promise<StoredMessage[]>;
  /** The message a browser id was received as (one blob read), or undefined if never. */
  receivedAs(browserId: string): Promise<ReceivedMarker | undefined>;
  /**
   * Marks a browser id as received, as `marker.id`, only if no marker for it exists yet (a
   * conditional write): of two writers, exactly one gets true.
   */
  markReceived(browserId: string, marker: ReceivedMarker): Promise<boolean>;
  /**
   * Removes a pending message its caller holds and has not sent: the copy of a repeat that lost
   * the race for its marker. Its lease keeps every other writer away from it meanwhile.
   */
  discardPending(held: Held): Promise<void>;
}

/** Ids sort by time of arrival: "2026-11-22T10:15:30.123Z-k3j9x2". */
export function newMessageId(now: Date, random: () => number = Math.random): string {
  return `${now.toISOString()}-${random().toString(36).slice(2, 8).padEnd(6, '0')}`;
}

export const pendingPrefix = 'pending/';
export const sentPrefix = 'sent/';
export const failedPrefix = 'failed/';
export const receivedPrefix = 'received/';

/** The key a record is kept under, from its status. */
export function keyOf(record: StoredMessage): string {
  switch (record.status) {
    case 'pending':
      return `${pendingPrefix}${record.id}`;
    case 'sent':
      return `${sentPrefix}${(record.sentAt ?? record.lastAttemptAt ?? record.receivedAt).slice(0, 10)}/${record.id}`;
    case 'failed':
      return `${failedPrefix}${record.id}`;
  }
}

/** Reads and deletions in flight at once: enough to hide the store's latency, few enough to be polite. */
const storeWidth = 8;

export function blobsMessageStore(store: Store): MessageStore {
  const listedEtag = async (key: string) => (await store.list({ prefix: key })).blobs.find((b) => b.key === key)?.etag;

  /**
   * The ETag a write left. @netlify/blobs answers a conditional write with `modified: true` for
   * any status but 412, an error without an ETag included; so a write whose answer carries no
   * ETag counts only if the key is there, and then with the ETag the store lists for it.
   */
  async function confirmed(key: string, result: { modified: boolean; etag?: string }): Promise<string | undefined> {
    if (!result.modified) return undefined;
    if (result.etag) return result.etag;
    const etag = await listedEtag(key);
    if (!etag) throw new Error(`the store did not confirm the write of ${key}`);
    return etag;
  }

  const receivedAs = async (browserId: string): Promise<ReceivedMarker | undefined> =>
    ((await store.get(`${receivedPrefix}${browserId}`, { type: 'json' })) as ReceivedMarker | null) ?? undefined;

  const readJson = async (key: string): Promise<StoredMessage | undefined> =>
    ((await store.get(key, { type: 'json' })) as StoredMessage | null) ?? undefined;

  return {
    async add(record) {
      const key = keyOf(record);
      const etag = await confirmed(key, await store.setJSON(key, record, { onlyIfNew: true }));
      if (!etag) throw new Error(`a message with id ${record.id} is already stored`);
      return { record, etag };
    },

    async listPending() {
      const { blobs } = await store.list({ prefix: pendingPrefix });
      return blobs.map((b) => ({ id: b.key.slice(pendingPrefix.length), etag: b.etag }));
    },

    async readPending(id, knownEtag) {
      const key = `${pendingPrefix}${id}`;
      const found = await store.getWithMetadata(key, { type: 'json' });
      if (!found) return undefined;
      // Netlify's service answers a read with the blob's ETag; the local emulation does not, and
      // then the one from the listing serves. That one can only be older than what was read, and
      // a write conditional on an older ETag is refused: safe either way.
      const etag = found.etag ?? knownEtag ?? (await listedEtag(key));
      if (!etag) return undefined;
      return { record: found.data as StoredMessage, etag };
    },

    async replacePending(held, next) {
      const key = `${pendingPrefix}${held.record.id}`;
      const etag = await confirmed(key, await store.setJSON(key, next, { onlyIfMatch: held.etag }));
      return etag ? { record: next, etag } : undefined;
    },

    async file(record) {
      if (record.status === 'pending') throw new Error(`message ${record.id} is still pending`);
      // Copy first, then delete: a stop in between leaves a marked record under pending/, which
      // the next run files again (the same copy) without sending it.
      await store.setJSON(keyOf(record), record);
      await store.delete(`${pendingPrefix}${record.id}`);
    },

    async sentDays() {
      const { directories } = await store.list({ prefix: sentPrefix, directories: true });
      return directories
        .map((d) => d.slice(sentPrefix.length).replace(/\/$/, ''))
        .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))
        .sort();
    },

    async deleteSent(day, limit) {
      const { blobs } = await store.list({ prefix: `${sentPrefix}${day}/` });
      const doomed = blobs.slice(0, limit);
      await eachLimited(doomed, storeWidth, (b) => store.delete(b.key));
      return doomed.length;
    },

    async list() {
      const { blobs } = await store.list();
      const records: StoredMessage[] = [];
      const messages = blobs.filter((b) => !b.key.startsWith(receivedPrefix));
      await eachLimited(messages, storeWidth, async (b) => {
        const record = await readJson(b.key);
        if (record) records.push(record);
      });
      return records.sort((a, b) => b.id.localeCompare(a.id));
    },

    receivedAs,

    async markReceived(browserId, marker) {
      const result = await store.setJSON(`${receivedPrefix}${browserId}`, marker, { onlyIfNew: true });
      if (!result.modified) return false;
      if (result.etag) return true;
      // An answer without an ETag (see `confirmed`): the write counts if the marker is ours.
      const found = await receivedAs(browserId);
      if (!found) throw new Error(`the store did not confirm the marker of ${browserId}`);
      return found.id === marker.id;
    },

    async discardPending(held) {
      await store.delete(`${pendingPrefix}${held.record.id}`);
    },
  };
}
