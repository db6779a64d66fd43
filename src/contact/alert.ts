/**
 * The retry run's alert, on a channel other than e-mail (e-mail is what may have failed): when a
 * message has become failed since the last alert, or one has waited pending for longer than
 * CONTACT_ALERT_AFTER_HOURS (default 6), the run logs one line and posts one JSON object to
 * CONTACT_ALERT_WEBHOOK, at most once a UTC day however many runs see it.
 *
 * The day is remembered in the message store (`alerts/last`, store.ts), written with a
 * conditional write before anything goes out: of two runs at once, one alerts. A post that fails
 * puts the previous state back, so the next run (15 minutes on) tries again.
 *
 * The alert holds counts, message ids (times of arrival) and the mail server's last error, never
 * what a visitor wrote. Its `text` field is what Slack, Teams and most chat webhooks show; the
 * other fields are for a ticket system or a script.
 *
 * A second alert, on the same channel and as seldom: the hourly cap on e-mails (mail-cap.ts) was
 * reached and held messages went out in a digest (capAlertIfDue). At most once a UTC day, its day
 * kept at `alerts/cap`, apart from the first, so that neither silences the other.
 */
import type { AlertState, CapAlertState, MessageStore } from './store';

export const defaultAlertAfterHours = 6;

const hour = 3_600_000;

export interface AlertSettings {
  /** CONTACT_ALERT_WEBHOOK: where the JSON goes; without it, the log line is the alert. */
  webhook?: string | undefined;
  /** CONTACT_ALERT_AFTER_HOURS: a pending message older than this is worth an alert. */
  afterHours: number;
  /** The store's name, to say which outbox (a preview's or production's) in the alert. */
  storeName?: string | undefined;
  /** Posts the alert; fetch with a 10 s timeout unless a test gives its own. */
  post?: ((url: string, body: string) => Promise<void>) | undefined;
}

/** What the run knows when it decides whether to alert. */
export interface AlertFacts {
  now: Date;
  /** Arrival times (ms) of the messages pending now: from their ids, read or not. */
  pendingReceived: number[];
  /** The mail server's last error among the messages the run read, if any. */
  lastError?: string | undefined;
}

/** The JSON posted to the webhook. */
export interface AlertBody {
  text: string;
  store: string;
  /** Failed messages not told of before, and all failed messages now. */
  failed: { new: string[]; total: number };
  /** Messages pending for longer than `afterHours`, and the arrival of the oldest. */
  waiting: { count: number; afterHours: number; oldestReceivedAt?: string };
  lastError?: string;
  at: string;
}

export type AlertOutcome =
  | { alerted: false; reason: 'nothing to tell' | 'already alerted today' | 'another run alerted' }
  | { alerted: true; body: AlertBody; posted: boolean };

async function postJson(url: string, body: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
}

/** CONTACT_ALERT_AFTER_HOURS: a positive number of hours, else the default (6), with a log line. */
export function alertAfterHoursFrom(value: string | undefined, log: (line: string) => void = console.log): number {
  if (value === undefined || value.trim() === '') return defaultAlertAfterHours;
  const hours = Number(value);
  if (Number.isFinite(hours) && hours > 0) return hours;
  log(
    `contact alert: CONTACT_ALERT_AFTER_HOURS="${value}" is not a positive number of hours; alerting after ${defaultAlertAfterHours}`,
  );
  return defaultAlertAfterHours;
}

/** What the run knows when it has sent digests of held messages. */
export interface CapAlertFacts {
  now: Date;
  /** CONTACT_MAIL_PER_HOUR. */
  perHour: number;
  /** Digest e-mails this run sent, and the messages in them. */
  digests: number;
  messages: number;
  /** Held messages still waiting for an e-mail of a later hour. */
  waiting: number;
}

/** The JSON posted to the webhook when the cap was reached. */
export interface CapAlertBody {
  text: string;
  store: string;
  cap: { perHour: number; digests: number; messages: number; waiting: number };
  at: string;
}

export type CapAlertOutcome =
  | { alerted: false; reason: 'already alerted today' | 'another run alerted' | 'could not check' }
  | { alerted: true; body: CapAlertBody; posted: boolean };

/**
 * Posts `body` to the webhook, or says in the log that there is none. A post that fails puts the
 * state back to `previous` (conditional on the state this run wrote), so a later run tries again.
 */
async function send(
  settings: AlertSettings,
  body: { text: string },
  log: (line: string) => void,
  giveBack: () => Promise<unknown>,
): Promise<boolean> {
  if (!settings.webhook) {
    log('contact alert: CONTACT_ALERT_WEBHOOK is not set; this log line is the only alert');
    return false;
  }
  try {
    await (settings.post ?? postJson)(settings.webhook, JSON.stringify(body));
    return true;
  } catch (error) {
    log(
      `contact alert: the webhook could not be reached (${error instanceof Error ? error.message : String(error)}); the next run tries again`,
    );
    await giveBack().catch(() => undefined);
    return false;
  }
}

/**
 * Says once a UTC day, by webhook and log line, that the hourly cap was reached and how many held
 * messages went out in digests: on the first run that holds a message back, whether its digest
 * went yet or not. Never throws.
 */
export async function capAlertIfDue(
  store: MessageStore,
  settings: AlertSettings,
  facts: CapAlertFacts,
  log: (line: string) => void,
): Promise<CapAlertOutcome> {
  try {
    const day = facts.now.toISOString().slice(0, 10);
    const previous = await store.readCapAlertState();
    if (previous?.state.day === day) return { alerted: false, reason: 'already alerted today' };
    const state: CapAlertState = { day, at: facts.now.toISOString() };
    const etag = await store.writeCapAlertState(state, previous?.etag);
    if (!etag) return { alerted: false, reason: 'another run alerted' };

    const storeName = settings.storeName ?? 'contact-messages';
    const text =
      `Contact form (${storeName}): the limit of ${facts.perHour} e-mails an hour (CONTACT_MAIL_PER_HOUR) was reached; ` +
      (facts.digests
        ? `${facts.messages} message(s) held back went out in ${facts.digests} digest e-mail(s)` +
          (facts.waiting ? `, ${facts.waiting} more wait for a later digest` : '')
        : `${facts.waiting} message(s) are held back for a digest`) +
      '. Every message is stored and the visitors were told it was sent. A flood of unwanted messages: see `npm run messages` (docs/operations.md).';
    const body: CapAlertBody = {
      text,
      store: storeName,
      cap: { perHour: facts.perHour, digests: facts.digests, messages: facts.messages, waiting: facts.waiting },
      at: facts.now.toISOString(),
    };
    log(`contact alert: ${text}`);
    const back: CapAlertState = previous ? { ...previous.state } : { day: '', at: facts.now.toISOString() };
    const posted = await send(settings, body, log, () => store.writeCapAlertState(back, etag));
    return { alerted: true, body, posted };
  } catch (error) {
    log(
      `contact alert: could not check or send the alert on the hourly limit: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { alerted: false, reason: 'could not check' };
  }
}

/** Alerts if there is something to tell and no alert went out today (UTC). Never throws. */
export async function alertIfDue(
  store: MessageStore,
  settings: AlertSettings,
  facts: AlertFacts,
  log: (line: string) => void,
): Promise<AlertOutcome> {
  try {
    return await alert(store, settings, facts, log);
  } catch (error) {
    log(`contact alert: could not check or send the alert: ${error instanceof Error ? error.message : String(error)}`);
    return { alerted: false, reason: 'nothing to tell' };
  }
}

async function alert(
  store: MessageStore,
  settings: AlertSettings,
  facts: AlertFacts,
  log: (line: string) => void,
): Promise<AlertOutcome> {
  const at = facts.now.getTime();
  const waiting = facts.pendingReceived.filter((received) => at - received > settings.afterHours * hour);
  const failed = await store.listFailed();
  if (!waiting.length && !failed.length) return { alerted: false, reason: 'nothing to tell' };

  const previous = await store.readAlertState();
  const known = new Set(previous?.state.failed ?? []);
  const newFailed = failed.filter((id) => !known.has(id)).sort();
  if (!waiting.length && !newFailed.length) return { alerted: false, reason: 'nothing to tell' };
  const day = facts.now.toISOString().slice(0, 10);
  if (previous?.state.day === day) return { alerted: false, reason: 'already alerted today' };

  // Claim the day first: of two runs at once, only one alerts.
  const state: AlertState = { day, at: facts.now.toISOString(), failed: [...failed].sort() };
  const etag = await store.writeAlertState(state, previous?.etag);
  if (!etag) return { alerted: false, reason: 'another run alerted' };

  const oldest = waiting.length ? Math.min(...waiting) : undefined;
  const storeName = settings.storeName ?? 'contact-messages';
  const parts = [
    ...(newFailed.length
      ? [`${newFailed.length} message(s) failed for good since the last alert (${failed.length} failed in all)`]
      : []),
    ...(waiting.length
      ? [
          `${waiting.length} message(s) pending for more than ${settings.afterHours} hours, the oldest since ${new Date(oldest!).toISOString()}`,
        ]
      : []),
  ];
  const text =
    `Contact form (${storeName}): ${parts.join('; ')}.` +
    (facts.lastError ? ` Last mail error: ${facts.lastError.slice(0, 200)}.` : '') +
    ' The visitors were told their message was sent. See `npm run messages` (docs/operations.md).';
  const body: AlertBody = {
    text,
    store: storeName,
    failed: { new: newFailed, total: failed.length },
    waiting: {
      count: waiting.length,
      afterHours: settings.afterHours,
      ...(oldest !== undefined ? { oldestReceivedAt: new Date(oldest).toISOString() } : {}),
    },
    ...(facts.lastError ? { lastError: facts.lastError.slice(0, 300) } : {}),
    at: facts.now.toISOString(),
  };
  log(`contact alert: ${text}`);

  // A failed post gives the day back, so a later run posts it; if another run changed the state
  // meanwhile, it is left to that one.
  const back: AlertState = previous ? { ...previous.state } : { day: '', at: facts.now.toISOString(), failed: [] };
  const posted = await send(settings, body, log, () => store.writeAlertState(back, etag));
  return { alerted: true, body, posted };
}
