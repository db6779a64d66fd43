/**
 * Delivery of stored messages: one attempt right after a message is stored, and later attempts
 * by the scheduled retry function, each further apart.
 */
import { composeEmail, type Mailer, type MailSettings } from './mail';
import type { MessageStore, StoredMessage } from './store';

const minute = 60_000;

/** Wait before attempt n+1 after n failed attempts: 15, 30, 60 ... minutes, at most 24 hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(15 * minute * 2 ** Math.max(0, failedAttempts - 1), 24 * 60 * minute);
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}

/** Tries to e-mail one stored message and records the outcome in the store. */
export async function deliverMessage(
  record: StoredMessage,
  store: MessageStore,
  mailer: Mailer,
  settings: MailSettings,
  now: Date,
): Promise<StoredMessage> {
  const attempts = record.attempts + 1;
  let next: StoredMessage;
  try {
    await mailer.send(composeEmail(record.message, settings, record.receivedAt));
    next = { ...record, status: 'sent', attempts, lastAttemptAt: now.toISOString(), sentAt: now.toISOString() };
    delete next.nextAttemptAt;
    delete next.lastError;
  } catch (error) {
    next = {
      ...record,
      status: 'pending',
      attempts,
      lastAttemptAt: now.toISOString(),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
      lastError: describe(error),
    };
  }
  await store.save(next);
  return next;
}

export interface RetryReport {
  due: number;
  sent: number;
  stillPending: number;
}

/** Delivers every pending message whose next attempt is due. */
export async function retryPendingMessages(
  store: MessageStore,
  mailer: Mailer,
  settings: MailSettings,
  now: Date,
): Promise<RetryReport> {
  const due = (await store.list()).filter(
    (r) => r.status === 'pending' && (!r.nextAttemptAt || Date.parse(r.nextAttemptAt) <= now.getTime()),
  );
  let sent = 0;
  for (const record of due) {
    const result = await deliverMessage(record, store, mailer, settings, now);
    if (result.status === 'sent') sent++;
  }
  return { due: due.length, sent, stillPending: due.length - sent };
}
