/**
 * The browser's outbox of contact messages ("kept enquiries"): when a message goes. The form keeps
 * every message (./outbox-store.ts) under the id it gives it, before the first byte of its first
 * attempt leaves, and removes it when the server answers; a message that got no answer (no
 * connection, no answer in time, the tab closed or reloaded meanwhile) stays, and is sent again
 * later under the same id: the contact function stores each id once, so a message whose first
 * answer was only lost on the way back still arrives once
 * (docs/decisions/0036-kept-messages-sent-exactly-once.md,
 * docs/decisions/0047-kept-before-sending.md).
 *
 * It uses only what a page and a service worker both have (indexedDB, fetch, AbortSignal,
 * crypto), so a worker can import it and call `sendKeptMessages(fetch)` on a Background Sync
 * event tagged `outboxSyncTag`.
 */
import { browserIdField } from './browser-id';
import { honeypotField, requestDetailFields } from './form-fields';
import { joinName } from './name';
import { routes } from '../model/routes';
import { keptEnquiries, markSent, outboxDatabase, updateEnquiry, type KeptEnquiry } from './outbox-store';

/** The tag of the Background Sync the page asks for when it keeps a message. */
export const outboxSyncTag = 'contact-outbox';

/** How long an attempt may wait for the server's answer before the message is kept. */
export const sendTimeoutMs = 15_000;

/** What one attempt came to. */
export type Attempt =
  | { outcome: 'sent'; response: Response; reference: string | undefined }
  | {
      outcome: 'refused';
      response: Response;
      status: number;
      reason: string;
      answer: { error?: string; fields?: Record<string, string> };
    }
  /** The server answered "not now" (a 5xx, 408, 425 or 429): an answer, though not a refusal. */
  | { outcome: 'busy'; response: Response; status: number; reason: string }
  | { outcome: 'unreachable'; reason: string };

export interface SendOptions {
  endpoint?: string;
  timeoutMs?: number;
}

/** Answers that say "not now" rather than "never": a kept message is tried again later. */
const tryAgainLater = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

/**
 * Posts one message under its id and says what came of it: sent (2xx, with the reference the
 * server gave it), refused (a 4xx that another attempt would get too, with the server's reason),
 * busy (a 5xx, 408, 425 or 429), or unreachable (no answer, or none in time).
 */
export async function postEnquiry(
  fetchFn: typeof fetch,
  id: string,
  body: Record<string, unknown>,
  options: SendOptions = {},
): Promise<Attempt> {
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
    return {
      outcome: 'unreachable',
      reason: timedOut ? 'no answer in time' : error instanceof Error ? error.message : String(error),
    };
  }
  if (response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { reference?: unknown };
    return {
      outcome: 'sent',
      response,
      reference: typeof answer.reference === 'string' ? answer.reference : undefined,
    };
  }
  if (response.status >= 400 && response.status < 500 && !tryAgainLater(response.status)) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
    const reasons = [answer.error, ...Object.values(answer.fields ?? {})].filter(
      (r): r is string => typeof r === 'string' && r !== '',
    );
    return {
      outcome: 'refused',
      response,
      status: response.status,
      reason: reasons.join(': ') || `refused (${response.status})`,
      answer,
    };
  }
  return { outcome: 'busy', response, status: response.status, reason: `the server answered ${response.status}` };
}

/**
 * Ids this page is sending itself, right now: the outbox already holds them (kept before
 * sending), and a run of `sendKeptMessages` in the same page leaves them to their own attempt,
 * from before they are kept until that attempt is over. A page or worker elsewhere may still send
 * one at the same time; the server keeps it once.
 */
const ownAttempts = new Set<string>();

/** The page starts sending the message with this id itself. */
export const startOwnAttempt = (id: string) => void ownAttempts.add(id);
/** The page's own attempt is over (answered or not). */
export const endOwnAttempt = (id: string) => void ownAttempts.delete(id);
/** Whether this page is sending the message with this id itself. */
export const isOwnAttempt = (id: string) => ownAttempts.has(id);

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
  for (const optional of ['topic', 'about', ...requestDetailFields, honeypotField])
    if (field(optional)) body[optional] = field(optional);
  return body;
}

export interface SendReport {
  /** Delivered (2xx): removed from the outbox, each with the reference the server gave it. */
  sent: (KeptEnquiry & { reference?: string | undefined })[];
  /** Refused by the server (4xx): kept with the reason, never sent again. */
  refused: KeptEnquiry[];
  /** Still waiting: no connection, no answer in time, or a 5xx, 408, 425 or 429. */
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
    if (entry.refused !== undefined || isOwnAttempt(entry.id)) continue;
    const attempt = await postEnquiry(fetchFn, entry.id, entry.body, options);
    const tried = { attempts: entry.attempts + 1, lastTriedAt: new Date().toISOString() };
    if (attempt.outcome === 'sent') {
      // Recorded with its reference, for the contact page that opens next if none is open now.
      await markSent(entry.id, attempt.reference);
      report.sent.push({ ...entry, reference: attempt.reference });
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
  const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
    sync?: { register(tag: string): Promise<void> };
  };
  if (!registration.sync) return false;
  try {
    await registration.sync.register(outboxSyncTag);
    return true;
  } catch {
    return false;
  }
}
