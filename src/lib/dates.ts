/** "November 22, 2026": the en-US long form the legal pages show. */
export function longDate(date: Date, timeZone?: string): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/** "2026-11-22" for a <time datetime>. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
