/**
 * The browser's outbox of contact messages ("kept enquiries"). A message the form could not get
 * to the server (no connection, no answer in time, or a 5xx) is kept here, in IndexedDB, under
 * the id the browser gave it before its first attempt (browser-id.ts), and sent again later under
 * the same id: the contact function stores each id once, so a message whose first answer was only
 * lost on the way back still arrives once.
 *
 * It uses only what a page and a service worker both have (indexedDB, fetch, AbortSignal,
 * crypto), so a worker can import it and call `sendKeptMessages(fetch)` on a Background Sync
 * event tagged `outboxSyncTag`. The page alone also keeps a flag in localStorage while the outbox
 * may hold a message (`outboxFlag`): the contact page reads it to hydrate the form early, so kept
 * messages are sent on the next visit (docs/decisions/0036-kept-messages-sent-exactly-once.md). A worker cannot reach
 * localStorage; a flag it leaves set only makes the next visit look into an empty outbox.
 */
import { browserIdField, newBrowserId } from './browser-id';
import { honeypotField } from './form-fields';
import { joinName } from './name';
import { routes } from '../model/routes';

/** The IndexedDB database and its one object store (key: the message's id). */
export const outboxDatabase = 'contact-outbox';
const storeName = 'messages';

/** The tag of the Background Sync the page asks for when it keeps a message. */
export const outboxSyncTag = 'contact-outbox';

/** The localStorage key the page sets while the outbox may hold a message. */
export const outboxFlag = 'contact-outbox';

/** How long an attempt may wait for the server's answer before the message is kept. */
export const sendTimeoutMs = 15_000;

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

/** What one attempt came to. */
export type Attempt =
  | { outcome: 'sent'; response: Response }
  | { outcome: 'refused'; response: Response; status: number; reason: string; answer: { error?: string; fields?: Record<string, string> } }
  | { outcome: 'unreachable'; reason: string };

export interface SendOptions {
  endpoint?: string;
  timeoutMs?: number;
}

/** Answers that say "not now" rather than "never": the message is kept and tried again. */
const tryAgainLater = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

/**
 * Posts one message under its id and says what came of it: sent (2xx), refused (a 4xx that
 * another attempt would get too, with the server's reason), or unreachable (no answer, no answer
 * in time, a 5xx, 408, 425 or 429, or anything else that is not an answer to the message).
 */
export async function postEnquiry(fetchFn: typeof fetch, id: string, body: Record<string, unknown>, options: SendOptions = {}): Promise<Attempt> {
  let response: Response;
  try {
    response = await fetchFn(options.endpoint ?? routes.contactEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...body, [browserIdField]: id }),
      signal: AbortSignal.timeout(options.timeoutMs ?? sendTimeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { outcome: 'unreachable', reason: timedOut ? 'no answer in time' : error instanceof Error ? error.message : String(error) };
  }
  if (response.ok) return { outcome: 'sent', response };
  if (response.status >= 400 && response.status < 500 && !tryAgainLater(response.status)) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
    const reasons = [answer.error, ...Object.values(answer.fields ?? {})].filter((r): r is string => typeof r === 'string' && r !== '');
    return { outcome: 'refused', response, status: response.status, reason: reasons.join(': ') || `refused (${response.status})`, answer };
  }
  return { outcome: 'unreachable', reason: `the server answered ${response.status}` };
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openOutbox(): Promise<IDBDatabase> {
  const request = indexedDB.open(outboxDatabase, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(storeName, { keyPath: 'id' });
  };
  return done(request);
}

/** Runs `work` in one transaction and resolves with its result once the transaction is complete. */
async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const db = await openOutbox();
  try {
    const tx = db.transaction(storeName, mode);
    const complete = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('the outbox transaction was aborted'));
    });
    const result = await work(tx.objectStore(storeName));
    await complete;
    return result;
  } finally {
    db.close();
  }
}

/**
 * How many messages the page's flag says were kept when a page last looked: more than the outbox
 * holds means the service worker sent the others meanwhile. 0 in a worker.
 */
export function flaggedCount(): number {
  try {
    return typeof localStorage === 'undefined' ? 0 : Number(localStorage.getItem(outboxFlag) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** Sets or clears the page's flag from what the outbox holds. Nothing in a worker. */
export async function updateFlag(): Promise<void> {
  if (typeof localStorage === 'undefined') return;
  const count = await inStore('readonly', (store) => done(store.count()));
  try {
    if (count > 0) localStorage.setItem(outboxFlag, String(count));
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
 * The body the form's script posts, from the fields of the form posted without it (the service
 * worker keeps such a post when it cannot reach the server): the same names, first and last name
 * joined, empty optional fields left out.
 */
export function enquiryFromForm(form: URLSearchParams): Record<string, unknown> {
  const field = (name: string) => form.get(name) ?? '';
  const body: Record<string, unknown> = {
    name: joinName(field('firstName'), field('lastName')),
    email: field('email'),
    company: field('company'),
    message: field('message'),
  };
  for (const optional of ['topic', 'about', honeypotField]) if (field(optional)) body[optional] = field(optional);
  return body;
}

/** Every kept message, oldest first. */
export async function keptEnquiries(): Promise<KeptEnquiry[]> {
  const all = await inStore('readonly', (store) => done(store.getAll() as IDBRequest<KeptEnquiry[]>));
  return all.sort((a, b) => a.keptAt.localeCompare(b.keptAt) || a.id.localeCompare(b.id));
}

/** Removes a kept message (the visitor cancels it, or it has been sent). True if it was there. */
export async function removeEnquiry(id: string): Promise<boolean> {
  const existed = await inStore('readwrite', async (store) => {
    const found = await done(store.get(id));
    if (found) await done(store.delete(id));
    return found !== undefined;
  });
  await updateFlag();
  return existed;
}

/** Changes a kept message if it is still there (a message cancelled meanwhile stays gone). */
function updateEnquiry(id: string, change: (entry: KeptEnquiry) => KeptEnquiry): Promise<KeptEnquiry | undefined> {
  return inStore('readwrite', async (store) => {
    const found = (await done(store.get(id))) as KeptEnquiry | undefined;
    if (!found) return undefined;
    const next = change(found);
    await done(store.put(next));
    return next;
  });
}

export interface SendReport {
  /** Delivered (2xx): removed from the outbox. */
  sent: KeptEnquiry[];
  /** Refused by the server (4xx): kept with the reason, never sent again. */
  refused: KeptEnquiry[];
  /** Still waiting: no connection, no answer in time, or a 5xx. */
  waiting: KeptEnquiry[];
}

let running: Promise<SendReport> | undefined;

/**
 * Sends every kept message that has not been refused, oldest first, one at a time, each under its
 * own id. Delivered ones leave the outbox; refused ones stay with the server's reason and are not
 * sent again; the others stay for the next try. One run at a time per page or worker (a call
 * while one is under way gets that run's report), and across the site's pages and its worker
 * (`oneAtATime`).
 */
export function sendKeptMessages(fetchFn: typeof fetch = fetch, options: SendOptions = {}): Promise<SendReport> {
  running ??= oneAtATime(() => sendAll(fetchFn, options)).finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Runs `work` while holding the outbox's Web Lock, where the browser has Web Locks: a page and the
 * service worker (Background Sync, the next navigation) may both start a run when the connection
 * comes back, and the second must find the messages the first has sent already gone, rather than
 * post them again beside it. Without Web Locks (older browsers, Node), `work` runs at once.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManager }) | undefined)?.locks;
  return locks ? (locks.request(outboxDatabase, work) as Promise<T>) : work();
}

async function sendAll(fetchFn: typeof fetch, options: SendOptions): Promise<SendReport> {
  const report: SendReport = { sent: [], refused: [], waiting: [] };
  for (const entry of await keptEnquiries()) {
    if (entry.refused !== undefined) continue;
    const attempt = await postEnquiry(fetchFn, entry.id, entry.body, options);
    const tried = { attempts: entry.attempts + 1, lastTriedAt: new Date().toISOString() };
    if (attempt.outcome === 'sent') {
      await removeEnquiry(entry.id);
      report.sent.push(entry);
    } else if (attempt.outcome === 'refused') {
      const after = await updateEnquiry(entry.id, (e) => ({ ...e, ...tried, refused: attempt.reason }));
      if (after) report.refused.push(after);
    } else {
      const after = await updateEnquiry(entry.id, (e) => ({ ...e, ...tried, lastError: attempt.reason }));
      if (after) report.waiting.push(after);
    }
  }
  return report;
}

/**
 * Asks the browser for a Background Sync, where there is one: the page must be controlled by a
 * service worker that listens for `outboxSyncTag`. Resolves false when the browser or the page
 * has none; the page's own `online` listener and the next visit still send the message.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return false;
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  if (!registration.sync) return false;
  try {
    await registration.sync.register(outboxSyncTag);
    return true;
  } catch {
    return false;
  }
}
