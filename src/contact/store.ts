/**
 * Where accepted messages are kept: a Netlify Blobs store with strong consistency, one JSON blob
 * per message, whose key says where the message stands:
 *
 *   pending/<id>              waiting for its first or next delivery attempt
 *   sent/<yyyy-mm-dd>/<id>    e-mailed on that day (UTC); deleted once the retention period is over
 *   failed/<id>               given up on (refused for good, or too many attempts), with the reason
 *   received/<browser id>     a marker, not a message: the browser's own id of a message it sent
 *                             (outbox.ts), and the id it is kept under here, so a repeat is known
 *   received-days/<yyyy-mm-dd>/<browser id>
 *                             empty: when that marker was written, so that retention finds the
 *                             expired markers by listing days, unread (decision 0046)
 *   received-days/<yyyy-mm-dd>/same-<yyyy-mm-dd>-<digest>-<n>
 *                             the marker of a post without an id, by its fields and window of
 *                             minutes (handler.ts sameMessageNames), kept as its own day entry
 *   alerts/last               not a message: the day of the retry run's last alert (alert.ts)
 *   alerts/cap                not a message: the day of the last alert that the hourly cap was
 *                             reached (alert.ts)
 *   mail-slots/<yyyy-mm-dd>/<hh>/<n>
 *                             not a message: the n-th e-mail of that UTC hour, taken before it is
 *                             sent (mail-cap.ts); kept today and yesterday
 *
 * A retry run therefore lists `pending/` only and reads nothing that was sent: its cost follows
 * the number of messages waiting, not the number ever received. Retention lists the day folders
 * of `sent/` (one short list call) and deletes whole expired days without reading them; the
 * markers of expired days of `received-days/` go the same way, each with its entry. Markers
 * without an entry (written before entries were, or whose entry could not be written) are found
 * once a day by listing both folders, and read then, a bounded number a day.
 *
 * Several writers may handle one pending message at once: its first delivery and a retry run, or
 * two overlapping runs. So every change of a pending record is a conditional write that lands
 * only if the record's ETag is still the one its writer read (`onlyIfMatch`): of two writers that
 * read the same version, exactly one wins. A record leaves `pending/` by being marked with its
 * outcome there first (conditionally), then copied to its new key, then deleted from `pending/`;
 * a run that finds a marked record under `pending/` (a mover stopped halfway) finishes the move
 * and sends nothing.
 *
 * A conditional write counts only when it is known to have landed. Each one carries a token of
 * its own (`claim`, a random UUID); when the store's answer does not say plainly that the write
 * landed (a 5xx after the client's own retries, an answer without an ETag, or, for a new message,
 * a refusal that may follow a first try that landed but was answered with an error), the record
 * is read back, and the write counts only if it holds that token. The key existing proves
 * nothing: a pending message's key always exists.
 */
import type { Store } from '@netlify/blobs';
import type { KeptMessage } from './message';
import { eachLimited } from '../server/each-limited';
import { daysOf, isDay, utcDay } from '../server/day-folders';
import { isShownReference, isStoredMessageId, newReferenceCode } from './reference';

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
  /** The id the browser gave the message (src/contact/outbox.ts), when it sent one. */
  browserId?: string;
  /** When the operator put this failed message back to pending (`npm run messages requeue`). */
  requeuedAt?: string;
  /**
   * Pending messages past the hourly cap on e-mails (mail-cap.ts): when the message was held
   * back. It is not e-mailed alone: the retry run sends it in the next digest (deliver.ts).
   */
  heldAt?: string;
  /**
   * Set when a digest holding this message was refused by the mail server for its content: the
   * message goes alone from then on, so that a refusal names the message it is about.
   */
  alone?: true;
  /** Sent messages that went in a digest: that e-mail's Message-ID and how many it held. */
  digest?: { messageId: string; count: number };
  /**
   * Under pending/: the token of the conditional write that left this version (see above), so
   * its writer can tell its own write from another's when the store's answer is unclear.
   */
  claim?: string;
  message: KeptMessage;
}

/** What `received/<browser id>` holds: no personal data, only which message the id became. */
export interface ReceivedMarker {
  id: string;
  receivedAt: string;
}

/** What `alerts/cap` holds: the UTC day of the last alert that the hourly cap was reached. */
export interface CapAlertState {
  day: string;
  at: string;
  /** The token of the write that left this version (see writeConditionally). */
  claim?: string;
}

/** What `alerts/last` holds: when the last alert went out, and which failed messages it told of. */
export interface AlertState {
  /** The UTC day (yyyy-mm-dd) of the last alert; at most one goes out a day. */
  day: string;
  at: string;
  /** The ids under failed/ when it went out: a failed id not among them is new. */
  failed: string[];
  /** The token of the write that left this version (see writeConditionally). */
  claim?: string;
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
  /** The days on which browser ids were marked as received, oldest first: one list call. */
  receivedDays(): Promise<string[]>;
  /** Deletes up to `limit` markers written on `day`, each with its entry, unread; returns how many. */
  deleteReceived(day: string, limit: number): Promise<number>;
  /**
   * Finds markers that have no entry under `received-days/` (two list calls) and handles up to
   * `limit` of them, one read each: a marker written before `firstKeptDay` is deleted, any other
   * gets its entry. Returns how many it gave an entry, deleted, and left for another time.
   */
  sweepReceived(firstKeptDay: string, limit: number): Promise<{ entered: number; deleted: number; left: number }>;
  /**
   * Every message, newest first. Reads every blob, so it is for tools and tests, never for a
   * scheduled run.
   */
  list(): Promise<StoredMessage[]>;
  /** The message a browser id was received as (one blob read), or undefined if never. */
  receivedAs(browserId: string): Promise<ReceivedMarker | undefined>;
  /**
   * Where the message `id` stands now, or undefined when it is stored nowhere: looked up under
   * pending/, then sent/ (one list call for the days, then one metadata read a day from its arrival
   * on), then failed/, the order in which a message moves, so that a message filed meanwhile is
   * still found. With `filedOnly`, pending/ is not looked at.
   */
  findMessage(id: string, filedOnly?: boolean): Promise<MessageStatus | undefined>;
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
  /** Deletes a pending message unread: one that expired where no mail server is set. */
  deletePending(id: string): Promise<void>;
  /** Ids of the failed messages: one list call, no read. */
  listFailed(): Promise<string[]>;
  /** The last alert's state and its ETag, or undefined when no alert ever went out. */
  readAlertState(): Promise<{ state: AlertState; etag: string } | undefined>;
  /**
   * Replaces the alert state, only if it is still the version `etag` names (undefined: only if
   * there is none yet). Returns the new ETag, or undefined when another run wrote it first.
   */
  writeAlertState(state: AlertState, etag: string | undefined): Promise<string | undefined>;
  /** The cap alert's state (`alerts/cap`) and its ETag, or undefined when none went out. */
  readCapAlertState(): Promise<{ state: CapAlertState; etag: string } | undefined>;
  /** As writeAlertState, for `alerts/cap`. */
  writeCapAlertState(state: CapAlertState, etag: string | undefined): Promise<string | undefined>;
  /** The e-mail slots taken in a UTC hour ("2026-11-22T10"): their numbers, from one list call. */
  takenMailSlots(hour: string): Promise<number[]>;
  /**
   * Takes slot `slot` of `hour` for `holder` (a message id, or a digest's), only if nobody took it
   * (a conditional write): of two writers, exactly one gets true.
   */
  takeMailSlot(hour: string, slot: number, holder: string): Promise<boolean>;
  /** The days that have e-mail slots, oldest first: one list call. */
  mailSlotDays(): Promise<string[]>;
  /** Deletes up to `limit` e-mail slots of `day`, unread; returns how many. */
  deleteMailSlots(day: string, limit: number): Promise<number>;
}

/**
 * Ids sort by time of arrival, and end with the message's reference (reference.ts):
 * "2026-11-22T10:15:30.123Z-K7MQ4H9X". `random` is for tests; by default the platform's secure
 * generator.
 */
export function newMessageId(now: Date, random?: () => number): string {
  return `${now.toISOString()}-${newReferenceCode(random)}`;
}

/**
 * Whether `text` names a message as the site gives it out: an id, of the form above or the older
 * one ("2026-11-22T10:15:30.123Z-k3j9x2"), or a reference as shown ("K7MQ-4H9X"). The thank-you
 * page shows only such a text.
 */
export const isMessageId = (text: string): boolean => isStoredMessageId(text) || isShownReference(text);

/** When a message arrived, from its id alone (no read): NaN for an id of another form. */
export const receivedTimeOf = (id: string): number =>
  /^\d{4}-\d{2}-\d{2}T[\d:.]+Z-/.test(id) ? Date.parse(id.slice(0, id.indexOf('Z-') + 1)) : NaN;

export const pendingPrefix = 'pending/';
export const sentPrefix = 'sent/';
export const failedPrefix = 'failed/';
export const receivedPrefix = 'received/';
export const receivedDayPrefix = 'received-days/';
export const alertKey = 'alerts/last';
export const capAlertKey = 'alerts/cap';
export const mailSlotPrefix = 'mail-slots/';
/**
 * Keys of messages: under pending/, sent/ and failed/, or at the top level (an older layout).
 * Everything else (markers, alert states, e-mail slots) is left out of list() and of
 * `npm run messages`.
 */
export const isMessageKey = (key: string) =>
  key.startsWith(pendingPrefix) || key.startsWith(sentPrefix) || key.startsWith(failedPrefix) || !key.includes('/');

/**
 * The marker name of a post without an id (handler.ts sameMessageNames): `same-<day>-<digest>-<n>`,
 * the UTC day its window of minutes starts on first.
 */
const postName = /^same-(\d{4}-\d{2}-\d{2})-[0-9a-f]+-\d+$/;
export const isPostName = (name: string) => postName.test(name);

/**
 * Where a marker is kept: a browser id's at `received/<browser id>`, with its day entry beside it;
 * a post's without an id in its day entry itself, `received-days/<day>/<name>`, which its name
 * says: one write, and retention deletes it with its day, unread.
 */
const markerKey = (name: string) => {
  const day = postName.exec(name)?.[1];
  return day ? `${receivedDayPrefix}${day}/${name}` : `${receivedPrefix}${name}`;
};

/** The folder of an hour's e-mail slots: "mail-slots/2026-11-22/10/" for "2026-11-22T10". */
const mailSlotFolder = (hour: string) => `${mailSlotPrefix}${hour.slice(0, 10)}/${hour.slice(11, 13)}/`;

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

// Over 100 lines on purpose: the MessageStore interface over one Blobs store: short methods (none
// over 30 lines) on the conditional reads and writes defined here, which they share.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
export function blobsMessageStore(store: Store): MessageStore {
  const listedEtag = async (key: string) => (await store.list({ prefix: key })).blobs.find((b) => b.key === key)?.etag;

  /**
   * The ETag of the version of `key` written with token `claim`, if that version is the one
   * stored now; undefined otherwise. Netlify's service answers a read with the blob's ETag; the
   * local emulation does not, and then the listing's ETag is taken before the read that shows the
   * token: a write in between can only make that ETag older than the version read, and a write
   * conditional on an older ETag is refused, so the error is always on the safe side.
   */
  async function readBack(key: string, claim: string): Promise<string | undefined> {
    const direct = await store.getWithMetadata(key, { type: 'json' });
    if (direct?.etag) return (direct.data as { claim?: string } | null)?.claim === claim ? direct.etag : undefined;
    const etag = await listedEtag(key);
    const found = (await store.get(key, { type: 'json' })) as { claim?: string } | null;
    return etag && found?.claim === claim ? etag : undefined;
  }

  /**
   * Writes `record` to `key` under a condition, with a fresh token, and returns the version it
   * left, or undefined when it did not land. @netlify/blobs answers a conditional write with
   * `modified: true` for any status but 412, an error after its retries included, and then
   * without an ETag: such an answer is checked by reading the record back. So is a refusal when
   * `checkRefusal` is set (a new message: telling a visitor it was not kept when it was would
   * bring it twice), and so is a write that got no answer: the client retries a 5xx itself, and a
   * first try that landed but was answered with an error makes the retry fail its condition.
   */
  async function writeConditionally<T extends { claim?: string }>(
    key: string,
    record: T,
    condition: { onlyIfNew: true } | { onlyIfMatch: string },
    checkRefusal = false,
  ): Promise<{ record: T; etag: string } | undefined> {
    const next: T = { ...record, claim: crypto.randomUUID() };
    let result: { modified: boolean; etag?: string };
    try {
      result = await store.setJSON(key, next, condition);
    } catch (error) {
      // No answer at all: the write may still have landed. Where a refusal is checked, so is this.
      if (!checkRefusal) throw error;
      const etag = await readBack(key, next.claim!);
      if (etag) return { record: next, etag };
      throw error;
    }
    if (result.modified && result.etag) return { record: next, etag: result.etag };
    if (!result.modified && !checkRefusal) return undefined;
    const etag = await readBack(key, next.claim!);
    return etag ? { record: next, etag } : undefined;
  }

  const receivedAs = async (browserId: string): Promise<ReceivedMarker | undefined> =>
    ((await store.get(markerKey(browserId), { type: 'json' })) as ReceivedMarker | null) ?? undefined;

  const readJson = async (key: string): Promise<StoredMessage | undefined> =>
    ((await store.get(key, { type: 'json' })) as StoredMessage | null) ?? undefined;

  async function readState<T>(key: string): Promise<{ state: T; etag: string } | undefined> {
    const found = await store.getWithMetadata(key, { type: 'json' });
    if (!found) return undefined;
    const etag = found.etag ?? (await listedEtag(key));
    return etag ? { state: found.data as T, etag } : undefined;
  }

  async function writeState<T extends { claim?: string }>(key: string, state: T, etag: string | undefined) {
    const written = await writeConditionally(key, state, etag ? { onlyIfMatch: etag } : { onlyIfNew: true });
    return written?.etag;
  }

  return {
    async add(record) {
      const key = keyOf(record);
      const held = await writeConditionally(key, record, { onlyIfNew: true }, true);
      if (!held) throw new Error(`message ${record.id} is already stored, or the store did not confirm the write`);
      return held;
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
      return writeConditionally(`${pendingPrefix}${held.record.id}`, next, { onlyIfMatch: held.etag });
    },

    async file(record) {
      if (record.status === 'pending') throw new Error(`message ${record.id} is still pending`);
      // Copy first, then delete: a stop in between leaves a marked record under pending/, which
      // the next run files again (the same copy) without sending it.
      const { claim: _token, ...filed } = record;
      await store.setJSON(keyOf(record), filed);
      await store.delete(`${pendingPrefix}${record.id}`);
      // A requeued message whose failed copy was left behind (the command stopped between
      // writing the pending copy and deleting the failed one): gone once the message is sent,
      // so it can never be requeued and sent again.
      if (record.status === 'sent' && record.requeuedAt) await store.delete(`${failedPrefix}${record.id}`);
    },

    async sentDays() {
      const { directories } = await store.list({ prefix: sentPrefix, directories: true });
      return daysOf(directories, sentPrefix);
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
      const messages = blobs.filter((b) => isMessageKey(b.key));
      await eachLimited(messages, storeWidth, async (b) => {
        const record = await readJson(b.key);
        if (record) records.push(record);
      });
      return records.sort((a, b) => b.id.localeCompare(a.id));
    },

    receivedAs,

    async findMessage(id, filedOnly = false) {
      const exists = async (key: string) => (await store.getMetadata(key)) !== null;
      if (!filedOnly && (await exists(`${pendingPrefix}${id}`))) return 'pending';
      const arrived = receivedTimeOf(id);
      const firstDay = Number.isNaN(arrived) ? '' : utcDay(new Date(arrived));
      const { directories } = await store.list({ prefix: sentPrefix, directories: true });
      const days = daysOf(directories, sentPrefix).filter((sentOn) => sentOn >= firstDay);
      for (const sentOn of days) if (await exists(`${sentPrefix}${sentOn}/${id}`)) return 'sent';
      if (await exists(`${failedPrefix}${id}`)) return 'failed';
      return undefined;
    },

    async markReceived(browserId, marker) {
      // The marker's entry for retention is written beside it, at once. An entry without its
      // marker (the marker lost a race) is harmless; a marker whose entry failed is found by the
      // daily sweep. A post's marker (its name says its day) is its own entry: one write.
      const day = isDay(marker.receivedAt.slice(0, 10)) ? marker.receivedAt.slice(0, 10) : utcDay(new Date());
      const [, written] = await Promise.allSettled([
        isPostName(browserId) ? undefined : store.set(`${receivedDayPrefix}${day}/${browserId}`, ''),
        store.setJSON(markerKey(browserId), marker, { onlyIfNew: true }),
      ]);
      if (written.status === 'rejected') throw written.reason;
      const result = written.value;
      if (result.modified && result.etag) return true;
      // Any other answer is checked by reading the marker back (see `writeConditionally`): an
      // answer without an ETag may hide a write that failed, and a refusal may follow a first try
      // that landed. The write counts if the marker is ours: its message id is unique, so it
      // serves as the token.
      const found = await receivedAs(browserId);
      if (!found) {
        if (result.modified) throw new Error(`the store did not confirm the marker of ${browserId}`);
        return false;
      }
      return found.id === marker.id;
    },

    async receivedDays() {
      const { directories } = await store.list({ prefix: receivedDayPrefix, directories: true });
      return daysOf(directories, receivedDayPrefix);
    },

    async deleteReceived(day, limit) {
      const folder = `${receivedDayPrefix}${day}/`;
      const { blobs } = await store.list({ prefix: folder });
      const doomed = blobs.slice(0, limit);
      // The marker first: a stop in between leaves the entry, and the next run deletes both.
      await eachLimited(doomed, storeWidth, async (b) => {
        const name = b.key.slice(folder.length);
        if (!isPostName(name)) await store.delete(`${receivedPrefix}${name}`);
        await store.delete(b.key);
      });
      return doomed.length;
    },

    async sweepReceived(firstKeptDay, limit) {
      const [markers, entries] = await Promise.all([
        store.list({ prefix: receivedPrefix }),
        store.list({ prefix: receivedDayPrefix }),
      ]);
      const entered = new Set(entries.blobs.map((b) => b.key.slice(b.key.lastIndexOf('/') + 1)));
      const without = markers.blobs
        .map((b) => b.key.slice(receivedPrefix.length))
        .filter((browserId) => !browserId.includes('/') && !entered.has(browserId));
      const outcome = { entered: 0, deleted: 0, left: Math.max(0, without.length - limit) };
      await eachLimited(without.slice(0, limit), storeWidth, async (browserId) => {
        let day: string | undefined;
        try {
          const at = (await receivedAs(browserId))?.receivedAt;
          day = typeof at === 'string' && isDay(at.slice(0, 10)) ? at.slice(0, 10) : undefined;
        } catch (error) {
          // A marker that is not JSON tells no repeat; it goes.
          if (!(error instanceof SyntaxError)) throw error;
        }
        if (day && day >= firstKeptDay) {
          await store.set(`${receivedDayPrefix}${day}/${browserId}`, '');
          outcome.entered++;
        } else {
          await store.delete(`${receivedPrefix}${browserId}`);
          outcome.deleted++;
        }
      });
      return outcome;
    },

    async discardPending(held) {
      await store.delete(`${pendingPrefix}${held.record.id}`);
    },

    async deletePending(id) {
      await store.delete(`${pendingPrefix}${id}`);
    },

    async listFailed() {
      const { blobs } = await store.list({ prefix: failedPrefix });
      return blobs.map((b) => b.key.slice(failedPrefix.length));
    },

    readAlertState: () => readState<AlertState>(alertKey),
    writeAlertState: (state, etag) => writeState(alertKey, state, etag),
    readCapAlertState: () => readState<CapAlertState>(capAlertKey),
    writeCapAlertState: (state, etag) => writeState(capAlertKey, state, etag),

    async takenMailSlots(hour) {
      const folder = mailSlotFolder(hour);
      const { blobs } = await store.list({ prefix: folder });
      return blobs.map((b) => Number(b.key.slice(folder.length))).filter((n) => Number.isInteger(n) && n > 0);
    },

    async takeMailSlot(hour, slot, holder) {
      // A refusal is checked too: the client retries a write answered with an error, and the
      // retry of a first try that landed is refused. The slot is ours if it holds our token.
      const taken = await writeConditionally<{ holder: string; at: string; claim?: string }>(
        `${mailSlotFolder(hour)}${slot}`,
        { holder, at: new Date().toISOString() },
        { onlyIfNew: true },
        true,
      );
      return taken !== undefined;
    },

    async mailSlotDays() {
      const { directories } = await store.list({ prefix: mailSlotPrefix, directories: true });
      return daysOf(directories, mailSlotPrefix);
    },

    async deleteMailSlots(day, limit) {
      const { blobs } = await store.list({ prefix: `${mailSlotPrefix}${day}/` });
      const doomed = blobs.slice(0, limit);
      await eachLimited(doomed, storeWidth, (b) => store.delete(b.key));
      return doomed.length;
    },
  };
}
