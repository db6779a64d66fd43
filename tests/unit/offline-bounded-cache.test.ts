import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keptCopy, oldestBeyond, putBounded, trim, type CacheLike } from '../../src/offline/bounded-cache';
import { keptHeaders } from '../../src/offline/requests';

/** A stand-in for one Cache of the Cache API: entries by URL, in the order they were put. */
function memoryCache(): CacheLike & { urls(): string[] } {
  const entries = new Map<string, Response>();
  return {
    keys: async () => [...entries.keys()].map((url) => ({ url })),
    match: async (url) => entries.get(url)?.clone(),
    delete: async (url) => entries.delete(url),
    put: async (url, response) => {
      entries.delete(url);
      entries.set(url, response);
    },
    urls: () => [...entries.keys()],
  };
}

const page = (text: string) =>
  new Response(text, { headers: { 'content-type': 'text/html', 'content-encoding': 'br', 'content-length': '3' } });

describe('oldestBeyond', () => {
  it('picks the oldest saved entries beyond the bound', () => {
    const entries = [
      { url: 'c', savedAt: 30 },
      { url: 'a', savedAt: 10 },
      { url: 'b', savedAt: 20 },
      { url: 'd', savedAt: 40 },
    ];
    expect(oldestBeyond(entries, 4)).toEqual([]);
    expect(oldestBeyond(entries, 2)).toEqual(['a', 'b']);
    expect(oldestBeyond(entries, 0)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('always leaves exactly the newest `max` entries', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(1e6), { maxLength: 40 }), fc.nat(45), (times, max) => {
        const entries = times.map((savedAt, i) => ({ url: `u${i}`, savedAt }));
        const evicted = new Set(oldestBeyond(entries, max));
        const left = entries.filter((entry) => !evicted.has(entry.url));
        expect(left.length).toBe(Math.min(max, entries.length));
        const newestEvicted = Math.max(
          -1,
          ...entries.filter((entry) => evicted.has(entry.url)).map((entry) => entry.savedAt),
        );
        for (const entry of left) expect(entry.savedAt).toBeGreaterThan(newestEvicted);
      }),
    );
  });
});

describe('putBounded', () => {
  it('keeps at most `max` entries, the oldest saved out first, and a page saved again counts as new', async () => {
    const cache = memoryCache();
    await putBounded(cache, '/a', page('a'), 3, { now: 1 });
    await putBounded(cache, '/b', page('b'), 3, { now: 2 });
    await putBounded(cache, '/c', page('c'), 3, { now: 3 });
    // /a is opened again: its copy is saved again, so /b is now the oldest.
    await putBounded(cache, '/a', page('a2'), 3, { now: 4 });
    await putBounded(cache, '/d', page('d'), 3, { now: 5 });
    expect(cache.urls().sort()).toEqual(['/a', '/c', '/d']);
    expect(await ((await cache.match('/a')) as Response).text()).toBe('a2');
  });

  it('trims by the saved time, not by the order the cache lists its keys', async () => {
    const cache = memoryCache();
    await cache.put('/late', await keptCopy(page('x'), 50, 'b'));
    await cache.put('/early', await keptCopy(page('y'), 10, 'b'));
    expect(await trim(cache, 1)).toEqual(['/early']);
    expect(cache.urls()).toEqual(['/late']);
  });
});

describe('keptCopy', () => {
  it('marks the copy with its saved time and build, and drops the encoding of the network answer', async () => {
    const copy = await keptCopy(page('abc'), 1234, 'build-1');
    expect(copy.headers.get(keptHeaders.savedAt)).toBe('1234');
    expect(copy.headers.get(keptHeaders.build)).toBe('build-1');
    expect(copy.headers.get('content-encoding')).toBeNull();
    expect(copy.headers.get('content-length')).toBeNull();
    expect(copy.headers.get('content-type')).toBe('text/html');
    expect(await copy.text()).toBe('abc');
  });
});
