/**
 * Where the browser keeps contact messages it could not send (the outbox, ./outbox.ts says when
 * they go): IndexedDB, one record per message under the id the browser gave it before its first
 * attempt (browser-id.ts). The page alone also keeps a flag in localStorage while the outbox may
 * hold a message (`outboxFlag`, the ids it held): the contact page reads it to hydrate the form
 * early, so kept messages are sent on the next visit, and to tell which ones the worker sent
 * meanwhile. A worker cannot reach localStorage; a flag it leaves set only makes the next visit
 * look into the outbox.
 *
 * Only what a page and a service worker both have (indexedDB), so the worker reads it too.
 */
import { browserIdField, newBrowserId } from './browser-id';

/**
 * The IndexedDB database and its two object stores, both keyed by the message's id: the messages
 * waiting to be sent, and the ones sent later (by the page, another tab or the service worker)
 * whose reference no page has shown yet.
 */
export const outboxDatabase = 'contact-outbox';
const storeName = 'messages';
const sentStoreName = 'sent';

/** The localStorage key the page sets while the outbox may hold a message. */
export const outboxFlag = 'contact-outbox';

/**
 * The key of the message a service worker posts to the site's pages when it has sent kept
 * messages: `{ [outboxSentMessage]: [{ id, reference }] }`, so an open contact form says so at once.
 */
export const outboxSentMessage = 'outboxSent';

/**
 * The contact page's notice, hidden until lite mode's script (./sent-in-lite-mode.inline.ts) fills
 * it with the references of kept messages sent since: there no island runs to show them. Its value
 * is the id of the note that said the message was kept, which goes once none waits.
 */
export const sentNoticeAttribute = 'data-sent-notice';

/** A message in the outbox. */
export interface KeptEnquiry {
  /** The browser's id of the message, sent with every attempt (browser-id.ts). */
  id: string;
  /** When it was kept (ISO 8601). */
  keptAt: string;
  /** The JSON body the form posts, without the id. */
  body: Record<string, unknown>;
  /** The form's fields as the visitor filled them, to put a refused message back into the form. */
  values?: Record<string, string>;
  /** Attempts made since it was kept. */
  attempts: number;
  lastTriedAt?: string;
  /** Why the last attempt did not get through (no connection, timed out, 503...). */
  lastError?: string;
  /**
   * Set when the server refused the message (a 4xx other than 408, 425 and 429): its reason. A
   * refused message is never sent again; it stays until the visitor removes it or takes it back
   * into the form.
   */
  refused?: string;
}

/**
 * A kept message sent later, until a contact page has shown its reference: the worker may send it
 * while no page of the site is open, and the next contact page still says it went, and under which
 * reference.
 */
export interface SentEnquiry {
  id: string;
  /** The reference the server gave it (none from a server too old to give one). */
  reference?: string | undefined;
  /** When it was kept, and when it was sent (ISO 8601). */
  keptAt: string;
  sentAt: string;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openOutbox(): Promise<IDBDatabase> {
  const request = indexedDB.open(outboxDatabase, 2);
  request.onupgradeneeded = () => {
    const names = request.result.objectStoreNames;
    if (!names.contains(storeName)) request.result.createObjectStore(storeName, { keyPath: 'id' });
    if (!names.contains(sentStoreName)) request.result.createObjectStore(sentStoreName, { keyPath: 'id' });
  };
  return done(request);
}

/** Runs `work` in one transaction and resolves with its result once the transaction is complete. */
function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  return inStores([storeName], mode, (stores) => work(stores[0]!));
}

/** Runs `work` in one transaction over `names` (in that order) and resolves once it is complete. */
async function inStores<T>(
  names: string[],
  mode: IDBTransactionMode,
  work: (stores: IDBObjectStore[]) => Promise<T>,
): Promise<T> {
  const db = await openOutbox();
  try {
    const tx = db.transaction(names, mode);
    const complete = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('the outbox transaction was aborted'));
    });
    const result = await work(names.map((name) => tx.objectStore(name)));
    await complete;
    return result;
  } finally {
    db.close();
  }
}

/**
 * The ids of the messages the page's flag says were kept when a page last looked: one no longer
 * in the outbox was sent meanwhile by the service worker (or another tab). Empty in a worker.
 */
export function flaggedIds(): string[] {
  try {
    const ids: unknown = JSON.parse(
      typeof localStorage === 'undefined' ? '[]' : (localStorage.getItem(outboxFlag) ?? '[]'),
    );
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Sets or clears the page's flag from what the outbox holds: the messages waiting, and the ones
 * sent whose reference no page has shown yet. Nothing in a worker.
 */
export async function updateFlag(): Promise<void> {
  if (typeof localStorage === 'undefined') return;
  const ids = await inStores([storeName, sentStoreName], 'readonly', async ([waiting, sent]) =>
    [...(await done(waiting!.getAllKeys())), ...(await done(sent!.getAllKeys()))].map(String),
  );
  try {
    if (ids.length > 0) localStorage.setItem(outboxFlag, JSON.stringify(ids));
    else localStorage.removeItem(outboxFlag);
  } catch {
    // Storage refused (a private window, a full quota): the next visit just waits for the visitor.
  }
}

/**
 * Keeps a message under `id`: the one its first attempt was made with (made here when not given,
 * for a message kept before any attempt).
 */
export async function keepEnquiry(
  body: Record<string, unknown>,
  { id = newBrowserId(), now = new Date(), values }: { id?: string; now?: Date; values?: Record<string, string> } = {},
): Promise<KeptEnquiry> {
  const { [browserIdField]: _id, ...rest } = body;
  const entry: KeptEnquiry = { id, keptAt: now.toISOString(), body: rest, attempts: 0, ...(values ? { values } : {}) };
  await inStore('readwrite', (store) => done(store.put(entry)));
  await updateFlag();
  return entry;
}

/**
 * How long a message stays in the browser: one not sent by then is dropped rather than sent
 * weeks late, and a copy does not linger on a shared computer (the privacy policy says so).
 */
export const keptForDays = 7;

/** Whether a kept message has outstayed `keptForDays`. */
export const isExpired = (entry: Pick<KeptEnquiry, 'keptAt'>, now = Date.now()) =>
  !(now - Date.parse(entry.keptAt) < keptForDays * 24 * 60 * 60 * 1000);

/** Every kept message, oldest first; expired ones are deleted on the way. */
export async function keptEnquiries(now = Date.now()): Promise<KeptEnquiry[]> {
  const { live, expired } = await inStore('readwrite', async (store) => {
    const all = (await done(store.getAll())) as KeptEnquiry[];
    const expired = all.filter((entry) => isExpired(entry, now));
    for (const entry of expired) await done(store.delete(entry.id));
    return { live: all.filter((entry) => !isExpired(entry, now)), expired };
  });
  if (expired.length > 0) await updateFlag();
  return live.sort((a, b) => a.keptAt.localeCompare(b.keptAt) || a.id.localeCompare(b.id));
}

/**
 * Removes a kept message (the visitor cancels it, or the page's own attempt was answered and says
 * so itself), with any record of its having been sent meanwhile. True if it was there.
 */
export async function removeEnquiry(id: string): Promise<boolean> {
  const existed = await inStores([storeName, sentStoreName], 'readwrite', async ([waiting, sent]) => {
    const found = await done(waiting!.get(id));
    if (found) await done(waiting!.delete(id));
    await done(sent!.delete(id));
    return found !== undefined;
  });
  await updateFlag();
  return existed;
}

/**
 * A kept message has been sent: it leaves the outbox and its reference waits for a contact page
 * to show it (`takeSent`). False, and nothing recorded, when it was no longer there (cancelled, or
 * sent by another page or the worker meanwhile).
 */
export async function markSent(id: string, reference: string | undefined, now = new Date()): Promise<boolean> {
  const existed = await inStores([storeName, sentStoreName], 'readwrite', async ([waiting, sent]) => {
    const found = (await done(waiting!.get(id))) as KeptEnquiry | undefined;
    if (!found) return false;
    await done(waiting!.delete(id));
    const record: SentEnquiry = {
      id,
      keptAt: found.keptAt,
      sentAt: now.toISOString(),
      ...(reference ? { reference } : {}),
    };
    await done(sent!.put(record));
    return true;
  });
  await updateFlag();
  return existed;
}

/**
 * The kept messages sent since a page last showed them, oldest first, each with its reference;
 * taken out as they are read, so one page shows each (a record older than `keptForDays` is dropped
 * unshown).
 */
export async function takeSent(now = Date.now()): Promise<SentEnquiry[]> {
  const taken = await inStores([sentStoreName], 'readwrite', async ([sent]) => {
    const all = (await done(sent!.getAll())) as SentEnquiry[];
    await done(sent!.clear());
    return all;
  });
  if (taken.length > 0) await updateFlag();
  return taken
    .filter((record) => !isExpired({ keptAt: record.sentAt }, now))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.keptAt.localeCompare(b.keptAt) || a.id.localeCompare(b.id));
}

/** Changes a kept message if it is still there (a message cancelled meanwhile stays gone). */
export function updateEnquiry(
  id: string,
  change: (entry: KeptEnquiry) => KeptEnquiry,
): Promise<KeptEnquiry | undefined> {
  return inStore('readwrite', async (store) => {
    const found = (await done(store.get(id))) as KeptEnquiry | undefined;
    if (!found) return undefined;
    const next = change(found);
    await done(store.put(next));
    return next;
  });
}
