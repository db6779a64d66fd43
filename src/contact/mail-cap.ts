/**
 * The site-wide cap on contact e-mails: at most CONTACT_MAIL_PER_HOUR (default 30) e-mails in a
 * UTC clock hour, across every instance of the functions. A message past the cap is still stored
 * (the visitor is thanked as ever) but is not e-mailed alone: it is held, and the retry run sends
 * the held messages together, in one digest e-mail, once the cap allows an e-mail again
 * (deliver.ts). Decision 0046.
 *
 * The count lives in the message store as one small blob per e-mail, `mail-slots/<day>/<hh>/<n>`
 * for n = 1 … the cap (store.ts), each taken with a write that lands only if the slot is new: of
 * two writers after one slot, exactly one gets it, and an unclear answer is settled by reading the
 * slot back. So the cap holds across instances, and a writer is refused only when every slot of
 * the hour is taken, or after many lost races in a burst (then the message is held: the safe side).
 * A slot is taken before the e-mail goes, and is not given back if the e-mail fails: the cap
 * counts e-mails tried, never more than it allows.
 */
import type { MessageStore } from './store';

export const defaultMailPerHour = 30;

/** Slots a writer tries before it gives up in a burst; each try after a lost race. */
const triesPerSlot = 8;

/** The UTC hour of a time, as the slots' folders name it: "2026-11-22T10". */
export const hourOf = (at: Date): string => at.toISOString().slice(0, 13);

/**
 * What a function instance remembers of the cap: the hour whose slots it saw all taken. Slots are
 * never given back within their hour, so for the rest of that hour it asks the store nothing.
 */
export interface CapMemory {
  /** The hour whose slots for e-mails of their own were all taken. */
  fullHour?: string;
  /** The hour whose every slot, digests' included, was taken. */
  digestFullHour?: string;
}

/**
 * Slots of each hour kept for digests: a tenth of the cap, at least one. E-mails of their own take
 * the others only, so however many messages fill the hour, the held ones still go in a digest
 * within it (decision 0074). A digest may take any free slot.
 */
export const digestSlotsOf = (perHour: number) => Math.max(1, Math.ceil(perHour / 10));

/** Slots of each hour for e-mails of their own: the rest (none with a cap of 1: one digest an hour). */
export const singleSlotsOf = (perHour: number) => perHour - digestSlotsOf(perHour);

/** What an e-mail is: a message of its own, or a digest of held ones. */
export type MailKind = 'single' | 'digest';

export interface MailCap {
  /** CONTACT_MAIL_PER_HOUR. */
  perHour: number;
  /** One per function instance (module scope); a fresh one when omitted. */
  memory?: CapMemory;
  /** For tests: picks among the free slots. */
  random?: () => number;
}

/** The largest cap taken: more e-mails an hour than any mailbox reads. */
export const maxMailPerHour = 10_000;

/**
 * CONTACT_MAIL_PER_HOUR: a whole number from 1 to 10,000, else the default (30), with a log line.
 */
export function mailPerHourFrom(value: string | undefined, log: (line: string) => void = console.log): number {
  if (value === undefined || value.trim() === '') return defaultMailPerHour;
  const count = Number(value);
  if (Number.isInteger(count) && count >= 1 && count <= maxMailPerHour) return count;
  log(
    `contact: CONTACT_MAIL_PER_HOUR="${value}" is not a whole number from 1 to ${maxMailPerHour}; sending at most ${defaultMailPerHour} e-mails an hour`,
  );
  return defaultMailPerHour;
}

/**
 * A function's mail dependencies with the cap of CONTACT_MAIL_PER_HOUR added (none without mail):
 * the cap travels with the mailer, which the handler hands as it is to deliverHeld (deliver.ts).
 */
export function withMailCap<T extends object>(
  mail: T | undefined,
  env: { CONTACT_MAIL_PER_HOUR?: string | undefined },
  memory?: CapMemory,
  log?: (line: string) => void,
): (T & { cap: MailCap }) | undefined {
  if (!mail) return undefined;
  const perHour = mailPerHourFrom(env.CONTACT_MAIL_PER_HOUR, log);
  return { ...mail, cap: memory ? { perHour, memory } : { perHour } };
}

/**
 * Takes one e-mail of the hour of `at` for `holder` (a message id, or a digest's): true when it
 * may be sent, false when the hour's cap is reached for its kind. A message of its own takes one
 * of the slots 1 … singleSlotsOf(cap); a digest any slot, those kept for digests first. Picks a
 * free slot at random, so writers at once seldom race for the same one. Throws when the store
 * cannot be read or written: the caller sends nothing then.
 */
export async function takeMailSlot(
  store: MessageStore,
  cap: MailCap,
  at: Date,
  holder: string,
  kind: MailKind = 'single',
): Promise<boolean> {
  const hour = hourOf(at);
  const memory = cap.memory ?? {};
  const full: keyof CapMemory = kind === 'single' ? 'fullHour' : 'digestFullHour';
  if (memory[full] === hour) return false;
  const random = cap.random ?? Math.random;
  const singles = singleSlotsOf(cap.perHour);
  const last = kind === 'single' ? singles : cap.perHour;
  let taken = new Set(await store.takenMailSlots(hour));
  for (let tries = 0; tries < triesPerSlot; tries++) {
    const free: number[] = [];
    for (let slot = 1; slot <= last; slot++) if (!taken.has(slot)) free.push(slot);
    if (!free.length) {
      memory[full] = hour;
      return false;
    }
    const kept = free.filter((slot) => slot > singles);
    const from = kind === 'digest' && kept.length ? kept : free;
    const slot = from[Math.min(from.length - 1, Math.floor(random() * from.length))]!;
    if (await store.takeMailSlot(hour, slot, holder)) return true;
    // Lost a race: that slot is someone's; every few losses, the listing shows the others'.
    taken.add(slot);
    if (tries % 3 === 2) taken = new Set([...taken, ...(await store.takenMailSlots(hour))]);
  }
  return false;
}

/**
 * How long e-mail slots are kept: only the current hour's are read; today's and yesterday's stay
 * for a look, older days are deleted by the retry run.
 */
export const mailSlotRetentionDays = 1;
