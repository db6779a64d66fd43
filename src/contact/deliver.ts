/**
 * Delivery of stored messages: one attempt right after a message is stored, and later attempts
 * by the scheduled retry run, each further apart (at most a day), until one succeeds or the mail
 * server refuses the message for its content. Nothing else gives a message up: a server that is
 * down, a refused sender, a quota or a paused account are the site's to fix, and the message
 * goes out once they are. The scheduled run also deletes sent messages once the retention
 * period is over (pending ones too when no mail server is set), reads at most
 * pendingReadsPerRun pending messages, says when messages have waited for more than a day, and
 * alerts on a second channel (alert.ts).
 *
 * No message is e-mailed twice by two writers at once: whoever sends a message holds it first.
 * The first delivery holds the message it has just stored; a retry run claims a due message by a
 * conditional write that moves its `nextAttemptAt` a lease ahead, and sends only if that write
 * landed. Of two runs that read the same version, one claim lands and the other is refused; a run
 * that reads the message after the claim sees it not due. See store.ts for the keys.
 */
import { alertIfDue, defaultAlertAfterHours, type AlertOutcome, type AlertSettings } from './alert';
import { composeEmail, isPermanentRejection, MailDeferred, type Mailer, type MailSettings } from './mail';
import { eachLimited } from '../server/each-limited';
import { deleteExpiredDays } from '../server/day-folders';
import { receivedTimeOf, type Held, type MessageStore, type StoredMessage } from './store';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How long a writer holds a pending message before another run may try it. It must outlast one
 * delivery attempt: the SMTP timeouts of mail.ts add up to well under a minute, and Netlify stops
 * a function after 30 s at most, so two minutes leave room to spare.
 */
export const leaseMs = 2 * minute;

export const defaultRetentionDays = 90;

/** A run reports the messages that have been pending for longer than this. */
export const staleAfterMs = day;

/**
 * The share of a scheduled function's 30 s a run may spend starting deliveries and deletions.
 * What is left for later stays as it is and is taken up 15 minutes on.
 */
export const runBudgetMs = 20_000;

/** Deliveries in flight at once in a retry run, each over its own SMTP connection. */
const sendWidth = 4;
/** Blob reads in flight at once. */
const readWidth = 8;
/**
 * Expired sent messages deleted per run: 9,600 a day at one run every 15 minutes, far more than
 * arrive, while a run stays short; a backlog (a first run on an old store) goes over a few days.
 */
const deletionsPerRun = 100;

/**
 * Pending messages a run reads at most (list calls are not counted: they cost no read per
 * message). With more waiting, each run reads a different window of this many, in the order they
 * arrived, moving on by this many every run slot: every pending message is read at least once
 * every ceil(n / 200) runs (15 minutes each), and a run stays within its time and reads however
 * large a backlog grows (while the mail server is down, or with no mail server at all).
 */
export const pendingReadsPerRun = 200;

/** The window of `count` items a run at `now` looks at, out of `total` (see pendingReadsPerRun). */
export function windowOf(total: number, count: number, now: Date): { start: number; size: number } {
  if (total <= count) return { start: 0, size: total };
  const slot = Math.floor(now.getTime() / (retryEveryMinutes * minute));
  return { start: (slot * count) % total, size: count };
}

/**
 * Minutes between two scheduled retry runs. The retry function's `config.schedule` must stay a
 * literal for Netlify's parser (a cron line); tests/unit/routes.test.ts keeps it in step.
 */
export const retryEveryMinutes = 15;

/** Wait before attempt n+1 after n failed attempts: 15, 30, 60 ... minutes, at most 24 hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(retryEveryMinutes * minute * 2 ** Math.max(0, failedAttempts - 1), 24 * 60 * minute);
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}

export type Delivery = { sent: true } | { sent: false; error: unknown };

/** The record after one delivery attempt made at `now`. */
export function afterAttempt(record: StoredMessage, delivery: Delivery, now: Date): StoredMessage {
  const at = now.toISOString();
  const next: StoredMessage = { ...record, attempts: record.attempts + 1, lastAttemptAt: at };
  delete next.nextAttemptAt;
  delete next.lastError;
  if (delivery.sent) return { ...next, status: 'sent', sentAt: at };

  const error = describe(delivery.error);
  if (isPermanentRejection(delivery.error)) {
    return {
      ...next,
      status: 'failed',
      failedAt: at,
      lastError: error,
      failureReason: `refused by the mail server: ${error}`,
    };
  }
  return {
    ...next,
    status: 'pending',
    lastError: error,
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(next.attempts)).toISOString(),
  };
}

export interface Attempt {
  /** The message after the attempt: sent, still pending, or failed. */
  record: StoredMessage;
  /** Set when the store could not record the outcome: why. The message then stays as it was. */
  unrecorded?: string;
  /**
   * Set when the mailer did not try (MailDeferred): why. Nothing is written: the message stays
   * pending as it was, and is taken up by a retry run once its lease is over.
   */
  deferred?: string;
}

export interface MailDependencies {
  mailer: Mailer;
  settings: MailSettings;
}

/**
 * E-mails a message its caller holds, then records the outcome: marked in place (conditional on
 * the hold), then filed under sent/ or failed/ when it is final. Never throws: a store that fails
 * after the e-mail went out must not turn the visitor's success into an error.
 */
export async function deliverHeld(
  held: Held,
  store: MessageStore,
  mail: MailDependencies,
  now: () => Date,
): Promise<Attempt> {
  let delivery: Delivery;
  try {
    await mail.mailer.send(composeEmail(held.record.message, mail.settings, held.record));
    delivery = { sent: true };
  } catch (error) {
    if (error instanceof MailDeferred) return { record: held.record, deferred: error.message };
    delivery = { sent: false, error };
  }
  const record = afterAttempt(held.record, delivery, now());
  try {
    const marked = await store.replacePending(held, record);
    if (!marked) return { record, unrecorded: 'another run changed the message meanwhile' };
    if (record.status !== 'pending') await store.file(record);
    return { record };
  } catch (error) {
    return { record, unrecorded: describe(error) };
  }
}

export interface RetryDependencies {
  store: MessageStore;
  /** Undefined when no SMTP server is configured: nothing is sent, the rest of the run happens. */
  mail?: MailDependencies | undefined;
  now?: () => Date;
  log?: (line: string) => void;
  /**
   * Days a sent message is kept (default 90); without a mail server (no `mail`), a pending
   * message too, counted from its arrival.
   */
  retentionDays?: number;
  /** See runBudgetMs. */
  budgetMs?: number;
  /** See pendingReadsPerRun (its default); tests set fewer. */
  readLimit?: number;
  /** The alert on a second channel (alert.ts); by default a log line after 6 hours, no webhook. */
  alert?: AlertSettings;
}

export interface RetryReport {
  /** Messages found under pending/ (listed, not read). */
  pending: number;
  /** Of those, read by this run: at most pendingReadsPerRun. */
  looked: number;
  /** Pending messages deleted unread: older than the retention period, with no mail server set. */
  expired: number;
  /** Of those, due for an attempt now. */
  due: number;
  sent: number;
  /** Attempted and failed again: waiting for the next attempt. */
  stillPending: number;
  /** Attempted and given up: refused by the mail server for the message's content. */
  failed: number;
  /** Due but not attempted by this run: held by another run, unreadable just now, no SMTP server, or out of time. */
  skipped: number;
  /** Pending for more than 24 hours (from the ids listed, not from reads). */
  stale: number;
  /** Sent messages deleted by the retention rule. */
  deleted: number;
  /** Whether this run alerted (alert.ts), and what. */
  alert?: AlertOutcome;
}

function isDue(record: StoredMessage, now: Date): boolean {
  return !record.nextAttemptAt || Date.parse(record.nextAttemptAt) <= now.getTime();
}

/**
 * One scheduled run: finishes interrupted moves, sends every due pending message it can claim,
 * reports long-waiting messages in one log line, and deletes sent messages past the retention
 * period (and, with no mail server set, pending ones too). It reads pending messages only, and
 * at most pendingReadsPerRun of them.
 */
export async function retryPendingMessages(deps: RetryDependencies): Promise<RetryReport> {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const timeLeft = () => performance.now() - started < (deps.budgetMs ?? runBudgetMs);
  const report: RetryReport = {
    pending: 0,
    looked: 0,
    expired: 0,
    due: 0,
    sent: 0,
    stillPending: 0,
    failed: 0,
    skipped: 0,
    stale: 0,
    deleted: 0,
  };
  const retentionDays = deps.retentionDays ?? defaultRetentionDays;

  let listed = (await store.listPending()).sort((a, b) => a.id.localeCompare(b.id));
  report.pending = listed.length;
  const at = now();

  // No mail server: nothing will ever send these, so they are kept as long as sent messages are.
  if (!deps.mail) {
    const expiredBefore = at.getTime() - retentionDays * day;
    const expired = listed.filter((p) => receivedTimeOf(p.id) < expiredBefore).slice(0, deletionsPerRun);
    const gone = new Set<string>();
    await eachLimited(expired, readWidth, async ({ id }) => {
      try {
        await store.deletePending(id);
        gone.add(id);
      } catch (error) {
        log(`contact retry: could not delete expired pending message ${id}: ${describe(error)}`);
      }
    });
    report.expired = gone.size;
    if (gone.size) {
      log(
        `contact retry: ${gone.size} pending message(s) older than ${retentionDays} days deleted; no mail server is set, so nothing would ever send them`,
      );
      listed = listed.filter((p) => !gone.has(p.id));
    }
  }

  const window = windowOf(listed.length, deps.readLimit ?? pendingReadsPerRun, at);
  const toRead = [...listed, ...listed].slice(window.start, window.start + window.size);
  report.looked = toRead.length;
  const held: Held[] = [];
  await eachLimited(toRead, readWidth, async ({ id, etag }) => {
    try {
      const found = await store.readPending(id, etag);
      if (found) held.push(found);
    } catch (error) {
      log(`contact retry: could not read pending message ${id}: ${describe(error)}`);
    }
  });

  // A record marked sent or failed but still under pending/: its mover stopped halfway.
  const moved = new Set<string>();
  for (const { record } of held.filter((h) => h.record.status !== 'pending')) {
    moved.add(record.id);
    await store
      .file(record)
      .catch((error: unknown) => log(`contact retry: could not file message ${record.id}: ${describe(error)}`));
  }

  const waiting = held.filter((h) => h.record.status === 'pending');
  // From the ids: every message listed counts, read by this run or not.
  report.stale = listed.filter((p) => !moved.has(p.id) && at.getTime() - receivedTimeOf(p.id) > staleAfterMs).length;
  if (report.stale) {
    log(`contact retry: ${report.stale} message(s) pending for more than 24 hours; they are in the message store`);
  }

  // The latest mail error known to this run, for the alert.
  let lastError: { at: string; error: string } | undefined;
  const noteError = (record: StoredMessage) => {
    if (record.lastError && record.lastAttemptAt && (!lastError || record.lastAttemptAt > lastError.at))
      lastError = { at: record.lastAttemptAt, error: record.lastError };
  };
  waiting.forEach((h) => noteError(h.record));
  const left = new Set(listed.map((p) => p.id).filter((id) => !moved.has(id)));

  const due = waiting.filter((h) => isDue(h.record, at)).sort((a, b) => a.record.id.localeCompare(b.record.id));
  report.due = due.length;
  const { mail } = deps;
  if (!mail) {
    report.skipped = due.length;
  } else {
    await eachLimited(due, sendWidth, async (candidate) => {
      if (!timeLeft()) {
        report.skipped++;
        return;
      }
      let claimed: Held | undefined;
      try {
        const lease = new Date(now().getTime() + leaseMs).toISOString();
        claimed = await store.replacePending(candidate, { ...candidate.record, nextAttemptAt: lease });
      } catch (error) {
        log(`contact retry: could not claim message ${candidate.record.id}: ${describe(error)}`);
      }
      if (!claimed) {
        report.skipped++;
        return;
      }
      const { record, unrecorded } = await deliverHeld(claimed, store, mail, now);
      if (record.status === 'sent') report.sent++;
      else if (record.status === 'failed') report.failed++;
      else report.stillPending++;
      if (record.status !== 'pending' && !unrecorded) left.delete(record.id);
      noteError(record);
      if (unrecorded)
        log(
          `contact retry: message ${record.id} ${record.status === 'sent' ? 'was e-mailed' : 'was not e-mailed'}, but the store could not record it (${unrecorded})` +
            (record.status === 'sent' ? '; a later run may e-mail it a second time, with the same Message-ID' : ''),
        );
      else if (record.status === 'failed')
        log(`contact retry: message ${record.id} failed for good: ${record.failureReason}`);
    });
  }

  report.deleted = await deleteExpiredSent(store, at, retentionDays, timeLeft);
  report.alert = await alertIfDue(
    store,
    deps.alert ?? { afterHours: defaultAlertAfterHours },
    {
      now: at,
      pendingReceived: [...left].map(receivedTimeOf).filter((t) => !Number.isNaN(t)),
      lastError: lastError?.error,
    },
    log,
  );
  return report;
}

/**
 * Deletes the messages sent on days before (now - retentionDays), whole day folders at a time,
 * without reading them: a message is kept at least `retentionDays` days after it was sent, and at
 * most one day more. Pending and failed messages are never deleted.
 */
export async function deleteExpiredSent(
  store: MessageStore,
  now: Date,
  retentionDays: number,
  timeLeft: () => boolean = () => true,
): Promise<number> {
  const sent = {
    days: () => store.sentDays(),
    deleteDay: (sentOn: string, limit: number) => store.deleteSent(sentOn, limit),
  };
  return (await deleteExpiredDays(sent, now, retentionDays, deletionsPerRun, timeLeft)).deleted;
}

/** The retention period from CONTACT_RETENTION_DAYS: a whole number of days, at least 1. */
export function retentionDaysFrom(value: string | undefined, log: (line: string) => void = console.log): number {
  if (value === undefined || value.trim() === '') return defaultRetentionDays;
  const days = Number(value);
  if (Number.isInteger(days) && days >= 1) return days;
  log(
    `contact retry: CONTACT_RETENTION_DAYS="${value}" is not a whole number of days; keeping sent messages ${defaultRetentionDays} days`,
  );
  return defaultRetentionDays;
}
