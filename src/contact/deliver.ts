/**
 * Delivery of stored messages: one attempt right after a message is stored, and later attempts
 * by the scheduled retry run, each further apart (at most a day), until one succeeds or the mail
 * server refuses the message for its content. Nothing else gives a message up: a server that is
 * down, a refused sender, a quota or a paused account are the site's to fix, and the message
 * goes out once they are. The scheduled run also deletes sent messages once the retention
 * period is over (pending ones too when no mail server is set), and the markers of browser ids
 * (store.ts) as old, reads at most
 * pendingReadsPerRun pending messages, says when messages have waited for more than a day, and
 * alerts on a second channel (alert.ts).
 *
 * No message is e-mailed twice by two writers at once: whoever sends a message holds it first.
 * The first delivery holds the message it has just stored; a retry run claims a due message by a
 * conditional write that moves its `nextAttemptAt` a lease ahead, and sends only if that write
 * landed. Of two runs that read the same version, one claim lands and the other is refused; a run
 * that reads the message after the claim sees it not due. See store.ts for the keys.
 *
 * The hourly cap (mail-cap.ts, decision 0046): an e-mail is sent only once one of the hour's
 * slots is taken for it. A message that finds none is held (`heldAt`, written on the version its
 * writer holds) and is never e-mailed alone; the retry run sends the held messages it reads in one
 * digest e-mail per slot, each message claimed first with a lease exactly as for a message of its
 * own, then recorded as sent one by one. So a held message, too, is e-mailed by one writer at a
 * time, and goes twice only where the store could not record that it went (logged, as for any).
 */
import {
  alertIfDue,
  capAlertIfDue,
  defaultAlertAfterHours,
  type AlertOutcome,
  type AlertSettings,
  type CapAlertOutcome,
} from './alert';
import {
  composeDigest,
  composeEmail,
  isPermanentRejection,
  MailDeferred,
  type Mailer,
  type MailSettings,
} from './mail';
import { hourOf, mailSlotRetentionDays, takeMailSlot, type MailCap } from './mail-cap';
import { eachLimited } from '../server/each-limited';
import { deleteExpiredDays, firstKeptDay } from '../server/day-folders';
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
   * Set when nothing was tried: why. Either the mailer would not try (MailDeferred), and nothing
   * is written: the message stays pending as it was, taken up by a retry run once its lease is
   * over; or the hourly cap is reached (`capped`), and the message is held for the next digest.
   */
  deferred?: string;
  /** Set when the hourly cap was reached: the message was not e-mailed. */
  capped?: true;
  /** With `capped`: the held version the store now has, when marking it held landed. */
  held?: Held;
}

export interface MailDependencies {
  mailer: Mailer;
  settings: MailSettings;
  /** The hourly cap on e-mails (mail-cap.ts); the functions always set it, tests where they test it. */
  cap?: MailCap | undefined;
}

/** Messages one digest holds at most: a hundred messages of the longest kind are under 2 MB. */
export const digestSize = 100;

/** Why a message is not e-mailed alone now: the hour's e-mails are all taken. */
export const heldBack = (cap: MailCap) => `held back: the limit of ${cap.perHour} e-mails an hour is reached`;

/**
 * Whether this function instance already knows the hour of `at` to be full (mail-cap.ts): a new
 * message is then stored held for the digest at once, one write, as the endpoint wrote before the
 * cap, instead of being stored and then marked held (docs/decisions/0046).
 */
export const knownFull = (mail: MailDependencies | undefined, at: Date) =>
  mail?.cap?.memory?.fullHour !== undefined && mail.cap.memory.fullHour === hourOf(at);

/**
 * Takes one of the hour's e-mails for the message `held`, if a cap is set. Returns undefined when
 * the e-mail may go; otherwise the attempt to report: deferred (the mailer would not try, or the
 * cap could not be checked: nothing written), or capped (the message is held for the digest).
 */
async function withinCap(
  held: Held,
  store: MessageStore,
  mail: MailDependencies,
  now: () => Date,
): Promise<Attempt | undefined> {
  const { cap } = mail;
  if (!cap) return undefined;
  // No slot for an e-mail the mailer would not try.
  const deferral = mail.mailer.deferral?.();
  if (deferral) return { record: held.record, deferred: deferral };
  let granted: boolean;
  try {
    granted = await takeMailSlot(store, cap, now(), held.record.id);
  } catch (error) {
    return {
      record: held.record,
      deferred: `not tried: the hourly limit on e-mails could not be checked (${describe(error)})`,
    };
  }
  if (granted) return undefined;
  const reached = heldBack(cap);
  // Refused once in a digest: it waits for an e-mail of its own, and nothing is written.
  if (held.record.alone)
    return { record: held.record, capped: true, deferred: `${reached}; it goes alone in a later hour` };
  const next: StoredMessage = { ...held.record, heldAt: now().toISOString() };
  delete next.nextAttemptAt;
  try {
    const marked = await store.replacePending(held, next);
    if (marked)
      return { record: marked.record, capped: true, held: marked, deferred: `${reached}; it goes in the next digest` };
    return { record: held.record, capped: true, deferred: `${reached}; another writer changed it meanwhile` };
  } catch (error) {
    return {
      record: held.record,
      capped: true,
      deferred: `${reached}; it stays pending, not marked for the digest (${describe(error)})`,
    };
  }
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
  const stopped = await withinCap(held, store, mail, now);
  if (stopped) return stopped;
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
  /**
   * The run's own clock for its time budget, in milliseconds from any start (performance.now by
   * default). Tests give one that they move themselves, so a busy machine cannot end a run early.
   */
  clock?: () => number;
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
  /** Browser ids' markers deleted by the retention rule (and by the daily sweep). */
  markersDeleted: number;
  /** Due messages this run held back for a digest: the hourly cap was reached. */
  heldBack: number;
  /** Digest e-mails sent, and the held messages in them (counted in `sent` too). */
  digests: number;
  digested: number;
  /** Held messages read by this run and still waiting for a digest when it ended. */
  heldWaiting: number;
  /** E-mail slots of past days deleted. */
  slotsDeleted: number;
  /** Whether this run said that the cap was reached (alert.ts), and what. */
  capAlert?: CapAlertOutcome;
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
  const clock = deps.clock ?? (() => performance.now());
  const started = clock();
  const timeLeft = () => clock() - started < (deps.budgetMs ?? runBudgetMs);
  const report = noneYet();
  const retentionDays = deps.retentionDays ?? defaultRetentionDays;

  let listed = (await store.listPending()).sort((a, b) => a.id.localeCompare(b.id));
  report.pending = listed.length;
  const at = now();

  // No mail server: nothing will ever send these, so they are kept as long as sent messages are.
  if (!deps.mail) {
    const gone = await deleteExpiredPending(store, listed, at, retentionDays, log);
    report.expired = gone.size;
    if (gone.size) listed = listed.filter((p) => !gone.has(p.id));
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
  const { mail: configured } = deps;
  if (!configured) {
    report.skipped = due.length;
  } else {
    // One memory of the cap for the run: once the hour is full, no more slots are asked for.
    const mail: MailDependencies = configured.cap
      ? { ...configured, cap: { ...configured.cap, memory: configured.cap.memory ?? {} } }
      : configured;
    const singles = due.filter((h) => !h.record.heldAt);
    const heldBack = due.filter((h) => h.record.heldAt);
    await sendSingles(singles, heldBack, { store, mail, now, log, timeLeft, report, left, noteError });
    if (heldBack.length) {
      await sendDigests(heldBack, { store, mail, now, log, timeLeft, report, left, noteError });
    }
    // The first run that holds a message back for lack of slots says so (once a day), whether its
    // digest could go yet or not.
    if (mail.cap && (report.digests || report.heldBack || report.heldWaiting)) {
      report.capAlert = await capAlertIfDue(
        store,
        deps.alert ?? { afterHours: defaultAlertAfterHours },
        {
          now: at,
          perHour: mail.cap.perHour,
          digests: report.digests,
          messages: report.digested,
          waiting: report.heldWaiting,
        },
        log,
      );
    }
  }

  await deleteWhatIsPastKeeping(store, at, retentionDays, timeLeft, log, report);
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

/**
 * Days a browser id's marker is kept: the retention period, but never fewer than 14, twice as long
 * as a browser keeps a message to send again (outbox.ts): a marker must outlive every repeat.
 */
export const markerDaysFor = (retentionDays: number) => Math.max(retentionDays, 14);

/**
 * Deletes the markers of browser ids written on days before (now - markerDaysFor(retentionDays)),
 * with their day entries, unread: markers expire with the sent messages, and the store does not
 * grow with them.
 */
export async function deleteExpiredMarkers(
  store: MessageStore,
  now: Date,
  retentionDays: number,
  timeLeft: () => boolean = () => true,
): Promise<number> {
  const markers = {
    days: () => store.receivedDays(),
    deleteDay: (day: string, limit: number) => store.deleteReceived(day, limit),
  };
  return (await deleteExpiredDays(markers, now, markerDaysFor(retentionDays), deletionsPerRun, timeLeft)).deleted;
}

/**
 * The UTC hour of the daily run that sweeps the markers without a day entry (store.ts
 * sweepReceived): the run in its first 15 minutes. A quiet hour for the site's buyers.
 */
export const markerSweepHour = 3;
const isSweepRun = (at: Date) => at.getUTCHours() === markerSweepHour && at.getUTCMinutes() < retryEveryMinutes;

/** Deletes the e-mail slots of the days before yesterday (mail-cap.ts): only the current hour's are read. */
export async function deleteExpiredMailSlots(
  store: MessageStore,
  now: Date,
  timeLeft: () => boolean = () => true,
): Promise<number> {
  const slots = {
    days: () => store.mailSlotDays(),
    deleteDay: (day: string, limit: number) => store.deleteMailSlots(day, limit),
  };
  return (await deleteExpiredDays(slots, now, mailSlotRetentionDays, deletionsPerRun * 4, timeLeft)).deleted;
}

/**
 * A held message after the digest that carried it was tried at `at`: sent; or refused by the
 * mail server for its content, and then no longer held but due alone (`alone`), so that a refusal
 * names the message itself and the others go on; or still held, tried again with backoff.
 */
export function afterDigest(
  record: StoredMessage,
  delivery: Delivery,
  at: Date,
  digest: { messageId: string; count: number },
): StoredMessage {
  if (delivery.sent) return { ...afterAttempt(record, delivery, at), digest };
  if (!isPermanentRejection(delivery.error)) return afterAttempt(record, delivery, at);
  const next: StoredMessage = {
    ...record,
    attempts: record.attempts + 1,
    lastAttemptAt: at.toISOString(),
    lastError: `in a digest: ${describe(delivery.error)}`,
    alone: true,
  };
  delete next.heldAt;
  delete next.nextAttemptAt;
  return next;
}

/** A run's report before it has done anything. */
const noneYet = (): RetryReport => ({
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
  markersDeleted: 0,
  heldBack: 0,
  digests: 0,
  digested: 0,
  heldWaiting: 0,
  slotsDeleted: 0,
});

/**
 * With no mail server set, deletes the pending messages received before (at - retentionDays), at
 * most deletionsPerRun of them: nothing would ever send them. The ids deleted.
 */
async function deleteExpiredPending(
  store: MessageStore,
  listed: { id: string }[],
  at: Date,
  retentionDays: number,
  log: (line: string) => void,
): Promise<Set<string>> {
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
  if (gone.size)
    log(
      `contact retry: ${gone.size} pending message(s) older than ${retentionDays} days deleted; no mail server is set, so nothing would ever send them`,
    );
  return gone;
}

/**
 * Sends each due message on its own, sendWidth at a time while the run has time: claims it with a
 * lease (a conditional write), sends it, and records how it came out; a message the hourly cap holds
 * back joins `heldBack`, for a digest.
 */
async function sendSingles(singles: Held[], heldBack: Held[], run: DigestRun): Promise<void> {
  const { store, mail, now, log, timeLeft, report, left, noteError } = run;
  await eachLimited(singles, sendWidth, async (candidate) => {
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
    const attempt = await deliverHeld(claimed, store, mail, now);
    if (attempt.capped) {
      report.heldBack++;
      if (attempt.held) heldBack.push(attempt.held);
      return;
    }
    const { record, unrecorded } = attempt;
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

/**
 * The store's upkeep at the end of a run: sent messages, markers of browser ids (and, on the sweep's
 * day, markers with no day entry) and e-mail slots past keeping, each counted in `report`.
 */
async function deleteWhatIsPastKeeping(
  store: MessageStore,
  at: Date,
  retentionDays: number,
  timeLeft: () => boolean,
  log: (line: string) => void,
  report: RetryReport,
): Promise<void> {
  report.deleted = await deleteExpiredSent(store, at, retentionDays, timeLeft);
  report.markersDeleted = await deleteExpiredMarkers(store, at, retentionDays, timeLeft).catch((error: unknown) => {
    log(`contact retry: could not delete expired markers of browser ids: ${describe(error)}`);
    return 0;
  });
  if (isSweepRun(at) && timeLeft()) {
    try {
      const swept = await store.sweepReceived(firstKeptDay(at, markerDaysFor(retentionDays)), deletionsPerRun);
      report.markersDeleted += swept.deleted;
      if (swept.entered || swept.deleted)
        log(
          `contact retry: ${swept.entered + swept.deleted} marker(s) of browser ids had no day entry: ${swept.entered} given one, ${swept.deleted} expired and deleted` +
            (swept.left ? `; ${swept.left} left for tomorrow's run` : ''),
        );
    } catch (error) {
      log(`contact retry: could not sweep the markers of browser ids: ${describe(error)}`);
    }
  }
  report.slotsDeleted = await deleteExpiredMailSlots(store, at, timeLeft).catch((error: unknown) => {
    log(`contact retry: could not delete past e-mail slots: ${describe(error)}`);
    return 0;
  });
}

/** What the sending steps of one run share: the store, the mail, the clock, the log and the report. */
interface DigestRun {
  store: MessageStore;
  mail: MailDependencies;
  now: () => Date;
  log: (line: string) => void;
  timeLeft: () => boolean;
  report: RetryReport;
  /** Ids still pending after the run, for the alert. */
  left: Set<string>;
  noteError: (record: StoredMessage) => void;
}

/**
 * Sends the held messages in digests of at most digestSize, oldest first, one e-mail slot each
 * while the cap allows: claims each message of a digest with a lease (a conditional write), sends
 * the one e-mail, then records each message as it came out.
 */
async function sendDigests(held: Held[], run: DigestRun): Promise<void> {
  const { store, mail, now, log, report } = run;
  const waiting = [...held].sort((a, b) => a.record.id.localeCompare(b.record.id));
  while (waiting.length && run.timeLeft()) {
    const batch = waiting.slice(0, digestSize);
    if (mail.cap) {
      let granted: boolean;
      try {
        granted = await takeMailSlot(store, mail.cap, now(), `digest ${batch[0]!.record.id}`, 'digest');
      } catch (error) {
        log(`contact retry: could not check the hourly limit for a digest: ${describe(error)}`);
        break;
      }
      if (!granted) {
        log(
          `contact retry: ${waiting.length} held message(s) wait for a digest in a later hour: the limit of ${mail.cap.perHour} e-mails an hour is reached`,
        );
        break;
      }
    }
    waiting.splice(0, batch.length);

    const lease = new Date(now().getTime() + leaseMs).toISOString();
    const claimed: Held[] = [];
    await eachLimited(batch, readWidth, async (candidate) => {
      try {
        const got = await store.replacePending(candidate, { ...candidate.record, nextAttemptAt: lease });
        if (got) claimed.push(got);
        else report.skipped++;
      } catch (error) {
        report.skipped++;
        log(`contact retry: could not claim message ${candidate.record.id}: ${describe(error)}`);
      }
    });
    if (!claimed.length) continue;
    claimed.sort((a, b) => a.record.id.localeCompare(b.record.id));

    const email = composeDigest(
      claimed.map((c) => c.record),
      mail.settings,
      mail.cap?.perHour,
    );
    let delivery: Delivery;
    try {
      await mail.mailer.send(email);
      delivery = { sent: true };
    } catch (error) {
      if (error instanceof MailDeferred) {
        // Nothing tried, nothing written: the leases run out and a later run tries again.
        report.heldWaiting += claimed.length;
        log(`contact retry: a digest of ${claimed.length} held message(s) was ${error.message}`);
        break;
      }
      delivery = { sent: false, error };
    }

    const at = now();
    const digest = { messageId: email.messageId, count: claimed.length };
    const unrecorded: string[] = [];
    let refused = false;
    await eachLimited(claimed, readWidth, async (one) => {
      const next = afterDigest(one.record, delivery, at, digest);
      if (next.alone) refused = true;
      try {
        const marked = await store.replacePending(one, next);
        if (!marked) throw new Error('another run changed the message meanwhile');
        if (next.status !== 'pending') await store.file(next);
        if (next.status === 'sent') run.left.delete(next.id);
      } catch (error) {
        unrecorded.push(`${next.id} (${describe(error)})`);
      }
      run.noteError(next);
    });

    if (delivery.sent) {
      report.sent += claimed.length;
      report.digests++;
      report.digested += claimed.length;
      log(
        `contact retry: ${claimed.length} held message(s) went out in one digest e-mail ${email.messageId}` +
          (mail.cap ? ` (the limit of ${mail.cap.perHour} e-mails an hour was reached)` : ''),
      );
    } else {
      report.stillPending += claimed.length;
      log(
        `contact retry: a digest of ${claimed.length} held message(s) was not e-mailed (${describe(delivery.error)}); ` +
          (refused
            ? 'the mail server refused it for its content, so each goes alone from now on'
            : 'they stay held for the next attempt'),
      );
    }
    for (const line of unrecorded)
      log(
        `contact retry: message ${line} ${delivery.sent ? 'was e-mailed in a digest' : 'was not e-mailed'}, but the store could not record it` +
          (delivery.sent ? '; a later run may e-mail it a second time' : ''),
      );
  }
  report.heldWaiting += waiting.length;
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
