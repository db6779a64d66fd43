/**
 * Runs `task` on every item, at most `limit` at a time, starting them in order; rejects with the
 * first failure. The one way the site runs work with limited concurrency: build steps over every
 * page (all at once would hold every page in memory, a 10,000-item catalogue's pages are about a
 * gigabyte of HTML; one at a time would leave the other core waiting), and the contact store's
 * reads and deletions (enough in flight to hide the store's latency, few enough to be polite).
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`eachLimited: limit must be a whole number of at least 1, not ${limit}`);
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
