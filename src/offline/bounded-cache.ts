/**
 * The worker's caches are bounded: each holds at most a number of entries (bench/budgets.json,
 * `serviceWorker.cache`), and when one more is saved the oldest saved go first. A page or picture
 * opened again is saved again, so what goes is what was least recently fetched.
 *
 * Written over the few methods of the Cache API it needs, so the rule is unit-tested in Node
 * (tests/unit/offline-bounded-cache.test.ts) with a stand-in cache.
 */
import { keptHeaders } from './requests';

/** The part of the Cache API the bound uses. */
export interface CacheLike {
  keys(): Promise<readonly { url: string }[]>;
  match(request: string): Promise<{ headers: { get(name: string): string | null } } | undefined>;
  delete(request: string): Promise<boolean>;
  put(request: string, response: Response): Promise<void>;
}

export interface SavedEntry {
  url: string;
  /** When the copy was saved, ms since 1970. */
  savedAt: number;
}

/** The entries to delete so that at most `max` remain: the oldest saved first (ties: the order given). */
export function oldestBeyond(entries: readonly SavedEntry[], max: number): string[] {
  if (entries.length <= max) return [];
  const order = entries.map((entry, index) => ({ ...entry, index }));
  order.sort((a, b) => a.savedAt - b.savedAt || a.index - b.index);
  return order.slice(0, entries.length - Math.max(0, max)).map((entry) => entry.url);
}

/** Every entry of a cache with the time it was saved (an entry without one counts as oldest). */
export async function savedEntries(cache: Pick<CacheLike, 'keys' | 'match'>): Promise<SavedEntry[]> {
  const keys = await cache.keys();
  return Promise.all(
    keys.map(async ({ url }) => {
      const saved = Number((await cache.match(url))?.headers.get(keptHeaders.savedAt));
      return { url, savedAt: Number.isFinite(saved) ? saved : 0 };
    }),
  );
}

/**
 * A copy of `response` to keep, marked with the time it was saved and the build that saved it.
 * Its body is the decoded one, so the encoding and length headers of the network's answer go.
 */
export async function keptCopy(response: Response, savedAt: number, build: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(keptHeaders.savedAt, String(savedAt));
  headers.set(keptHeaders.build, build);
  return new Response(await response.arrayBuffer(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Saves `response` under `url`, then deletes the oldest entries beyond `max`. */
export async function putBounded(
  cache: CacheLike,
  url: string,
  response: Response,
  max: number,
  { now = Date.now(), build = '' } = {},
) {
  await cache.put(url, await keptCopy(response, now, build));
  await trim(cache, max);
}

/** Deletes the oldest entries beyond `max`. */
export async function trim(cache: CacheLike, max: number): Promise<string[]> {
  const evicted = oldestBeyond(await savedEntries(cache), max);
  await Promise.all(evicted.map((url) => cache.delete(url)));
  return evicted;
}
