/**
 * A Netlify Blobs store in memory, for tests that write thousands of blobs (a real local Blobs
 * server takes seconds for that): the calls the site's stores make, with the service's semantics
 * (a conditional write checks and writes in one step; `onlyIfNew` and `onlyIfMatch` answer
 * `modified: false` when their condition fails; a listing by prefix, with directories or not).
 * It counts the calls, so a test can bound a reader's reads.
 */
import type { Store } from '@netlify/blobs';

export function memoryBlobs() {
  const blobs = new Map<string, { text: string; etag: string }>();
  let version = 0;
  const calls = { get: 0, set: 0, list: 0, delete: 0 };
  const read = (key: string, type?: string) => {
    const found = blobs.get(key);
    if (!found) return null;
    return type === 'json' ? JSON.parse(found.text) : found.text;
  };
  const store = {
    async get(key: string, options?: { type?: string }) {
      calls.get++;
      return read(key, options?.type);
    },
    async getWithMetadata(key: string, options?: { type?: string }) {
      calls.get++;
      const found = blobs.get(key);
      return found ? { data: read(key, options?.type), etag: found.etag, metadata: {} } : null;
    },
    async set(key: string, text: string, options: { onlyIfNew?: boolean; onlyIfMatch?: string } = {}) {
      calls.set++;
      const found = blobs.get(key);
      if ((options.onlyIfNew && found) || (options.onlyIfMatch !== undefined && found?.etag !== options.onlyIfMatch))
        return { modified: false };
      const etag = `"${++version}"`;
      blobs.set(key, { text, etag });
      return { modified: true, etag };
    },
    async setJSON(key: string, value: unknown, options?: { onlyIfNew?: boolean; onlyIfMatch?: string }) {
      calls.set--;
      return store.set(key, JSON.stringify(value), options);
    },
    async list(options: { prefix?: string; directories?: boolean } = {}) {
      calls.list++;
      const prefix = options.prefix ?? '';
      const keys = [...blobs.keys()].filter((key) => key.startsWith(prefix)).sort();
      if (!options.directories)
        return { blobs: keys.map((key) => ({ key, etag: blobs.get(key)!.etag })), directories: [] };
      const directories = new Set<string>();
      const files: { key: string; etag: string }[] = [];
      for (const key of keys) {
        const slash = key.indexOf('/', prefix.length);
        if (slash >= 0) directories.add(key.slice(0, slash + 1));
        else files.push({ key, etag: blobs.get(key)!.etag });
      }
      return { blobs: files, directories: [...directories] };
    },
    async delete(key: string) {
      calls.delete++;
      blobs.delete(key);
    },
  };
  return { store: store as unknown as Store, blobs, calls };
}
