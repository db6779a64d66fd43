/**
 * A least-recently-used cache with a ceiling on entries and on total size, for the local server's
 * in-memory copies (encoded pictures, compressed files). A CDN keeps such copies too, but on disk
 * and evicted by age; a local server that keeps everything it is asked for grows without end.
 */
export class BoundedCache {
  /** @type {Map<string, { value: unknown, size: number }>} */
  #entries = new Map();
  #bytes = 0;
  #maxEntries;
  #maxBytes;

  /** @param {{ maxEntries?: number, maxBytes?: number }} limits */
  constructor({ maxEntries = Infinity, maxBytes = Infinity } = {}) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }

  /** The value, which becomes the most recently used; undefined when absent. */
  get(key) {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The value without marking it used. */
  peek(key) {
    return this.#entries.get(key)?.value;
  }

  /** Stores a value of `size` bytes (0 while its size is unknown; see resize), evicting the least used. */
  set(key, value, size = 0) {
    this.delete(key);
    this.#entries.set(key, { value, size });
    this.#bytes += size;
    this.#evict(key);
  }

  /** Records the size of an entry once it is known, e.g. when a pending encode finishes. */
  resize(key, size) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes += size - entry.size;
    entry.size = size;
    this.#evict(key);
  }

  delete(key) {
    const entry = this.#entries.get(key);
    if (!entry) return false;
    this.#bytes -= entry.size;
    this.#entries.delete(key);
    return true;
  }

  /** Drops the least recently used entries until both limits hold; `keep` goes last of all. */
  #evict(keep) {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) return;
      if (key !== keep) this.delete(key);
    }
    // Only `keep` is left and it alone is over the size limit: it is not kept either.
    if (this.#bytes > this.#maxBytes) this.delete(keep);
  }
}
