/**
 * The send-contact-email endpoint as a plain function of a Request, so tests call it directly.
 * Order of work: refuse what is malformed (4xx with a reason), keep the message (503 if it cannot
 * be kept, so the visitor keeps the text and tries again), then try to e-mail it. A failed e-mail
 * leaves the message pending for the retry function; the visitor still gets success, and so they
 * do when the store fails after the e-mail went out: the message has reached the company.
 *
 * The form posted without JavaScript comes here too (its `action`). Accepted, it goes on to the
 * thank-you page (303), whose address carries the message's reference. Refused, it is handed over (307: the browser posts the same body again)
 * to the contact page rendered on demand (routes.contactForm, src/pages/contact/form.astro),
 * which reads it with the same functions and shows the reasons in the form itself.
 *
 * Exactly once, through a crash too (decisions 0036, 0073): the form's script names each message
 * with an id of its own (`messageId`, browser-id.ts) and sends it again under the same id until it
 * gets an answer (outbox.ts). A post without an id (the static form without its script, other
 * clients) is named by a digest of its fields and the minutes it came in (sameMessageNames), so
 * the same words posted again within minutes are the same message. The first request under a name
 * writes its marker `received/<name>` first, only if none exists, naming the message id it will
 * hold, then stores the message under that id. A request that finds the marker answers as
 * accepted and stores nothing, if the message is stored; if it is stored nowhere (the first
 * request stopped between the two writes), it stores it under the marked id, only if new.
 */
import { browserIdError, browserIdField, isBrowserId } from './browser-id';
import { defaultRetentionDays, deliverHeld, heldBack, knownFull, leaseMs, type MailDependencies } from './deliver';
import { validateContactMessage, type ContactMessage, type FieldErrors } from './message';
import {
  fieldsError,
  isRobot,
  normalise,
  readContactRequest,
  unsavedError,
  unsavedQuery,
  type BodyFormat,
} from './request';
import { newMessageId, type Held, type MessageStore, type ReceivedMarker, type StoredMessage } from './store';
import { referenceOf } from './reference';
import { utcDay } from '../server/day-folders';
import { contactErrorsAnchor, referenceQuery, routes } from '../model/routes';
import { functionResponseHeaders } from '../security/function-headers';

export interface ContactDependencies {
  store: MessageStore;
  /** Undefined when no SMTP server is configured: messages are only stored. */
  mail?: MailDependencies | undefined;
  /** Why `mail` is undefined, for the one-line notice logged per stored message. */
  noMailReason?: string;
  now?: () => Date;
  log?: (line: string) => void;
  /** Origins besides the request's own that may post (e.g. the production address on a preview). */
  extraOrigins?: readonly string[];
  /** Where the no-JavaScript form lands after success. */
  thanksPath?: string;
  /**
   * What the message is about, from the `topic` and `about` fields of the form, resolved against
   * known topics and items only (src/contact/regarding.ts); undefined when neither is known.
   */
  regarding?: (body: Record<string, unknown>) => string | undefined;
  /**
   * CONTACT_RETENTION_DAYS (default 90): a marker younger than this whose message is stored
   * nowhere was never stored (a sent message is kept at least this long), so a repeat stores it.
   */
  retentionDays?: number;
}

/**
 * Minutes within which a post without an id whose fields are those of an earlier one is that one
 * again (a second tap on Send without the form's script): answered as its repeat.
 */
export const sameMessageMinutes = 10;

/**
 * The marker names of a post without an id: a digest of its fields, in the window of minutes it
 * came in (written) and the one before (looked up too, so that a double post across the turn of
 * a window is found). A digest, not the words: the key says nothing of what was written.
 */
export async function sameMessageNames(message: ContactMessage, at: Date): Promise<[string, string]> {
  const bytes = new TextEncoder().encode(JSON.stringify(message));
  const digest = Buffer.from(await crypto.subtle.digest('SHA-256', bytes))
    .toString('hex')
    .slice(0, 40);
  const minutes = sameMessageMinutes * 60_000;
  const window = Math.floor(at.getTime() / minutes);
  // The day the window starts on leads the name: the store keeps such a marker in that day's
  // folder, so retention finds it without a read (store.ts isPostName).
  const name = (n: number) => `same-${utcDay(new Date(n * minutes))}-${digest}-${n}`;
  return [name(window), name(window - 1)];
}

/**
 * The marker of the first of `names` that was written, and for a later name (an earlier window)
 * only within sameMessageMinutes of `at`.
 */
async function markedBefore(store: MessageStore, names: readonly string[], at: Date) {
  const found = await Promise.all(names.map((name) => store.receivedAs(name)));
  return found.find(
    (marker, i): marker is ReceivedMarker =>
      marker !== undefined && (i === 0 || at.getTime() - Date.parse(marker.receivedAt) < sameMessageMinutes * 60_000),
  );
}

const retentionMsOf = (deps: ContactDependencies) => (deps.retentionDays ?? defaultRetentionDays) * 86_400_000;

/**
 * Headers of every answer (src/security/function-headers.ts): Netlify applies netlify.toml's headers to
 * static files only, so the function sets its own.
 */
const responseHeaders = functionResponseHeaders;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...responseHeaders(), ...headers },
  });

/** The no-JavaScript form's success: on to the thank-you page (303, so the browser uses GET). */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location, ...responseHeaders() } });

/**
 * A refused form post, handed to the contact page rendered on demand (307 keeps method and body).
 * The page finds every other reason again from the body itself.
 */
const handOver = (status: number) =>
  new Response(null, {
    status: 307,
    headers: {
      // The fragment brings the box of reasons into view, without a script.
      location: `${routes.contactForm}${status === 503 ? `?${unsavedQuery}` : ''}#${contactErrorsAnchor}`,
      ...responseHeaders(),
    },
  });

function refusal(status: number, error: string, format: BodyFormat | undefined, fields?: FieldErrors) {
  if (format === 'form') return handOver(status);
  return json(status, fields ? { error, fields } : { error });
}

function regardingOf(deps: ContactDependencies, body: Record<string, unknown>): { regarding?: string } {
  const regarding = deps.regarding?.(body);
  return regarding ? { regarding } : {};
}

export async function handleContactSubmission(request: Request, deps: ContactDependencies): Promise<Response> {
  try {
    return await handle(request, deps);
  } catch (error) {
    // A fault of ours, not of the input: logged in full, answered without details.
    (deps.log ?? console.error)(`contact: unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
    return json(500, { error: 'Something went wrong on our side. Please try again or contact us directly.' });
  }
}

async function handle(request: Request, deps: ContactDependencies): Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((line: string) => console.log(line));
  const thanks = deps.thanksPath ?? routes.contactThanks;

  const read = await readContactRequest(request, deps.extraOrigins);
  if (!read.ok) {
    if (read.status === 405 || read.status === 415) return json(read.status, { error: read.error }, read.headers);
    return refusal(read.status, read.error, read.format);
  }
  const { format } = read;
  // The answer names the message's reference (reference.ts: "K7MQ-4H9X", the end of its id in the
  // store), which the form and the thank-you page show and `npm run messages show` finds; a repeat
  // names the message first received under its id.
  const accepted = (id?: string, repeat = false) => {
    const reference = id ? referenceOf(id) : undefined;
    return format === 'form'
      ? seeOther(reference ? `${thanks}?${new URLSearchParams({ [referenceQuery]: reference })}` : thanks)
      : json(200, { ok: true, ...(reference ? { reference } : {}), ...(repeat ? { repeat } : {}) });
  };

  if (isRobot(read.body)) return accepted();

  // The script's JSON carries the message's id; so does a form posted without it, in a hidden
  // field, filled in by the page rendered on demand or by the service worker (empty otherwise).
  const posted = read.body[browserIdField];
  const browserId = format === 'form' && posted === '' ? undefined : posted;
  if (browserId !== undefined && !isBrowserId(browserId)) return json(400, { error: browserIdError });

  const body = normalise(read.body, format);
  const validation = validateContactMessage(body);
  if (!validation.ok) {
    return refusal(400, fieldsError, format, validation.fields);
  }

  const receivedAt = now();
  // The marker's names: the browser's id, or for a post without one, its fields in this window of
  // minutes and the one before (a double post is one message, decision 0073).
  const names = browserId !== undefined ? [browserId] : await sameMessageNames(validation.message, receivedAt);
  // Past the hourly cap, as this instance already knows: stored held for the digest at once.
  const capped = knownFull(deps.mail, receivedAt);
  const message = { ...validation.message, ...regardingOf(deps, read.body) };
  const recordOf = (id: string, arrivedAt: string): StoredMessage => ({
    id,
    ...(browserId !== undefined ? { browserId } : {}),
    receivedAt: arrivedAt,
    status: 'pending',
    attempts: 0,
    // A lease: a retry run that starts while this first attempt is under way leaves it alone.
    ...(capped
      ? { heldAt: receivedAt.toISOString() }
      : { nextAttemptAt: new Date(receivedAt.getTime() + leaseMs).toISOString() }),
    message,
  });

  const about = browserId !== undefined ? `message id ${browserId}` : 'a post without an id';
  const kept = await keepOnce({ store: deps.store, names, about, receivedAt, recordOf, log, deps });
  if (kept.kind === 'unsaved') {
    log(`contact: could not ${kept.what}: ${kept.error instanceof Error ? kept.error.message : String(kept.error)}`);
    return refusal(503, unsavedError, format);
  }
  if (kept.kind === 'repeat') return accepted(kept.id, true);
  const { held } = kept;

  if (deps.mail?.cap && capped) {
    log(`contact: e-mail for ${held.record.id} ${heldBack(deps.mail.cap)}; it goes in the next digest`);
  } else if (deps.mail) {
    await deliverFirst(held, deps.mail, deps.store, now, log);
  } else {
    log(
      `contact: ${deps.noMailReason ?? 'SMTP_URL is not set'}; message ${held.record.id} is kept in the message store (npm run messages lists local ones)`,
    );
  }
  return accepted(held.record.id);
}

type KeptOnce =
  { kind: 'kept'; held: Held } | { kind: 'repeat'; id: string } | { kind: 'unsaved'; what: string; error: unknown };

/**
 * Stores the message once under its marker's names (decision 0073): the marker first, only if
 * new, naming the message id it will hold, then the message under that id. A marker already there
 * (or written first by another request) answers as a repeat when its message is stored; when it is
 * stored nowhere, the message is stored under the marked id, only if new, so that of two requests
 * exactly one stores it. Returns the held message to send, the id of the one already kept, or what
 * could not be done.
 */
async function keepOnce({
  store,
  names,
  about,
  receivedAt,
  recordOf,
  log,
  deps,
}: {
  store: MessageStore;
  names: readonly string[];
  about: string;
  receivedAt: Date;
  recordOf: (id: string, arrivedAt: string) => StoredMessage;
  log: (line: string) => void;
  deps: ContactDependencies;
}): Promise<KeptOnce> {
  const unsaved = (what: string, error: unknown): KeptOnce => ({ kind: 'unsaved', what, error });
  let earlier: ReceivedMarker | undefined;
  try {
    earlier = await markedBefore(store, names, receivedAt);
  } catch (error) {
    return unsaved(`look up ${about}`, error);
  }

  let record: StoredMessage | undefined;
  if (!earlier) {
    // The marker first: a request stopped after it leaves a marker without its message.
    record = recordOf(newMessageId(receivedAt), receivedAt.toISOString());
    let first = true;
    try {
      first = await store.markReceived(names[0]!, { id: record.id, receivedAt: record.receivedAt });
    } catch (error) {
      // The message is kept all the same, so it is sent and the visitor told so; only a repeat
      // of this id (an answer lost on the way back) could now store it a second time.
      log(
        `contact: message ${record.id} is kept, but ${about} could not be marked as received: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!first) {
      try {
        earlier = await store.receivedAs(names[0]!);
      } catch (error) {
        return unsaved(`read the marker of ${about}`, error);
      }
      if (!earlier) return unsaved(`read the marker of ${about}`, new Error('it was written, then gone'));
      log(`contact: ${about} was received at the same time by another request`);
    }
  }

  let resumed = false;
  if (earlier) {
    let where;
    try {
      where = await store.findMessage(earlier.id);
    } catch (error) {
      return unsaved(`look up message ${earlier.id}`, error);
    }
    if (where || receivedAt.getTime() - Date.parse(earlier.receivedAt) >= retentionMsOf(deps)) {
      log(
        `contact: ${about} was received before (${earlier.id}); answered as accepted, nothing stored or sent again` +
          (where ? '' : ' (its message is no longer kept)'),
      );
      return { kind: 'repeat', id: earlier.id };
    }
    // Marked, but its message is stored nowhere: the request that marked it stopped before storing
    // it, or is storing it now. Stored under the marked id, only if new: of two, one lands.
    log(`contact: ${about} was marked as ${earlier.id}, whose message is not stored; stored now under that id`);
    record = recordOf(earlier.id, earlier.receivedAt);
    resumed = true;
  }
  if (!record) return unsaved('store the message', new Error('no record'));

  let held: Held;
  try {
    held = await store.add(record);
  } catch (error) {
    // Another request may have stored it under the same id meanwhile: then it is that one's.
    if (await store.findMessage(record.id).catch(() => undefined)) {
      log(`contact: message ${record.id} was stored by another request with ${about}; nothing stored or sent again`);
      return { kind: 'repeat', id: record.id };
    }
    return unsaved('store message', error);
  }
  // A repeat that stored it: the first request may have stored, sent and filed it between the
  // look-up and this write.
  if (resumed && (await store.findMessage(record.id, true).catch(() => undefined))) {
    await store.discardPending(held).catch((error: unknown) => {
      log(
        `contact: the second copy of ${record.id} could not be removed (${error instanceof Error ? error.message : String(error)}); the retry run may send it a second time`,
      );
    });
    return { kind: 'repeat', id: record.id };
  }
  return { kind: 'kept', held };
}

/** The first attempt to e-mail a message just kept, and its one log line. */
async function deliverFirst(
  held: Held,
  mail: MailDependencies,
  store: MessageStore,
  now: () => Date,
  log: (line: string) => void,
) {
  const { id } = held.record;
  const { record: after, unrecorded, deferred } = await deliverHeld(held, store, mail, now);
  if (deferred) {
    log(`contact: e-mail for ${id} ${deferred}; kept as pending for the retry run`);
  } else if (unrecorded) {
    const outcome = after.status === 'sent' ? 'was e-mailed' : `was not e-mailed (${after.lastError})`;
    const again = after.status === 'sent' ? ' and may e-mail it a second time' : '';
    log(
      `contact: message ${id} ${outcome}, but the store could not record it (${unrecorded}); ` +
        `it stays pending, so the retry function takes it up after its lease${again}`,
    );
  } else if (after.status === 'pending') {
    log(`contact: e-mail for ${id} failed (${after.lastError}); kept as pending for retry`);
  } else if (after.status === 'failed') {
    log(`contact: e-mail for ${id} was given up (${after.failureReason}); kept as failed`);
  }
}
