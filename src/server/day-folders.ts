/**
 * Data kept in a Blobs store under one folder per UTC day (`<prefix><yyyy-mm-dd>/<id>`), and
 * deleted a whole day at a time once it is older than its retention period, without reading it:
 * the contact store's sent messages (`sent/`, src/contact/store.ts) and the field data of real
 * visits (`beacons/`, src/vitals/store.ts).
 *
 * Imports nothing, so Node scripts can import it as it is.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** The UTC day of a time: "2026-11-25". */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Whether a string is a day as the folders name them. */
export const isDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * The days of a store listing's directories under `prefix` (`{ directories: true }` answers
 * "sent/2026-11-21/"), oldest first; anything else there is left out.
 */
export const daysOf = (directories: readonly string[], prefix: string): string[] =>
  directories
    .filter((directory) => directory.startsWith(prefix))
    .map((directory) => directory.slice(prefix.length).replace(/\/$/, ''))
    .filter(isDay)
    .sort();

/** The first day still kept when data is kept `retentionDays` days: the days before it have expired. */
export const firstKeptDay = (now: Date, retentionDays: number): string =>
  utcDay(new Date(now.getTime() - retentionDays * dayMs));

/** The days `count` days back from `now`'s, `now`'s own included, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, back) => utcDay(new Date(now.getTime() - (count - 1 - back) * dayMs)));
}

export interface DayFolders {
  /** The days that have a folder, oldest first: one list call. */
  days(): Promise<string[]>;
  /** Deletes up to `limit` entries of one day, unread; returns how many. */
  deleteDay(day: string, limit: number): Promise<number>;
}

/**
 * Deletes the entries of the days before (now - retentionDays), oldest day first, at most `limit`
 * of them, while `timeLeft()`: an entry is kept at least `retentionDays` days and at most one day
 * more. `done` says whether no expired entry is left.
 */
export async function deleteExpiredDays(
  folders: DayFolders,
  now: Date,
  retentionDays: number,
  limit: number,
  timeLeft: () => boolean = () => true,
): Promise<{ deleted: number; done: boolean }> {
  const firstKept = firstKeptDay(now, retentionDays);
  let deleted = 0;
  for (const day of await folders.days()) {
    if (day >= firstKept) break;
    if (deleted >= limit || !timeLeft()) return { deleted, done: false };
    deleted += await folders.deleteDay(day, limit - deleted);
  }
  // A day that used up what was left of the limit may still hold entries.
  return { deleted, done: deleted < limit };
}
