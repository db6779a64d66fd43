/**
 * A blob read with the version (ETag) a conditional write names (`onlyIfMatch`). Netlify's
 * service answers a read with the blob's ETag; the local emulation does not, and then the
 * listing's ETag is taken before the read: a write in between can only make that ETag older than
 * the version read, and a write conditional on an older ETag is refused, so the error is always
 * on the safe side (src/contact/store.ts reads its records back the same way).
 *
 * Imports nothing but types, so Node scripts can import it as it is.
 */
import type { Store } from '@netlify/blobs';

export async function readVersioned<T>(store: Store, key: string): Promise<{ data: T; etag: string } | undefined> {
  const direct = await store.getWithMetadata(key, { type: 'json' });
  if (direct === null) return undefined;
  if (direct.etag) return { data: direct.data as T, etag: direct.etag };
  const listed = (await store.list({ prefix: key })).blobs.find((blob) => blob.key === key)?.etag;
  const data = (await store.get(key, { type: 'json' })) as T | null;
  return listed && data !== null ? { data, etag: listed } : undefined;
}
