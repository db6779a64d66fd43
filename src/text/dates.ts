const longDateFormats = new Map<string, Intl.DateTimeFormat>();

/** "November 22, 2026": the en-US long form the legal pages show. */
export function longDate(date: Date, timeZone?: string): string {
  // One formatter per time zone: making one is most of the cost, and every item page shows a date.
  const key = timeZone ?? '';
  let format = longDateFormats.get(key);
  if (!format)
    longDateFormats.set(
      key,
      (format = new Intl.DateTimeFormat('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        ...(timeZone ? { timeZone } : {}),
      })),
    );
  return format.format(date);
}

/** "2026-11-22" for a <time datetime>. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
