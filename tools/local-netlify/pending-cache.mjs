/**
 * The local server's in-memory copies (encoded pictures, compressed files), bounded: a CDN keeps
 * such copies too, but on disk and evicted by age; a local server that keeps everything it is
 * asked for grows without end. A least-recently-used cache (lru-cache) with a ceiling on entries
 * and on total bytes; each entry is the work's promise, so concurrent requests share it. It counts
 * 1 byte until its result's size is known, and a failed one is dropped. A single result larger
 * than the byte ceiling is not kept.
 */
import { LRUCache } from 'lru-cache';

/**
 * @template T
 * @param {{ maxBytes: number, maxEntries?: number, sizeOf: (value: T) => number }} options
 */
export function pendingCache({ maxBytes, maxEntries = 0, sizeOf }) {
  /** @type {LRUCache<string, Promise<T>>} */
  const cache = new LRUCache({ maxSize: maxBytes, max: maxEntries });
  return {
    /**
     * The promise kept for `key`, which becomes the most recently used; or `start()`'s, kept.
     * @param {string} key
     * @param {() => Promise<T>} start
     * @returns {Promise<T>}
     */
    remember(key, start) {
      const kept = cache.get(key);
      if (kept) return kept;
      const pending = start();
      cache.set(key, pending, { size: 1 });
      pending.then(
        (value) => cache.peek(key) === pending && cache.set(key, pending, { size: Math.max(1, sizeOf(value)) }),
        () => cache.peek(key) === pending && cache.delete(key),
      );
      return pending;
    },
    get size() {
      return cache.size;
    },
  };
}
