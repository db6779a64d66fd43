import { describe, expect, it } from 'vitest';
import { isKeptPage, networkWait, refreshHeaders, requestKind } from '../../src/offline/requests';
import { routes } from '../../src/model/routes';

const origin = 'https://www.example.com';
const get = (path: string, mode = 'no-cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('requestKind: what the service worker answers', () => {
  it('answers navigations to the pages of the site', () => {
    expect(requestKind(get('/', 'navigate'), origin)).toBe('page');
    expect(requestKind(get('/products/pigments', 'navigate'), origin)).toBe('page');
    expect(requestKind(get('/offline', 'navigate'), origin)).toBe('page');
  });

  it('keeps pictures of the image CDN and hashed build files', () => {
    expect(requestKind(get('/.netlify/images?url=%2F_astro%2Fa.webp&w=400&fm=avif'), origin)).toBe('image');
    expect(requestKind(get('/_astro/index.Bx1.css'), origin)).toBe('asset');
  });

  it('never answers /admin, the API, Netlify functions, the worker itself, other origins or other methods', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/config.yml',
      '/admin/index.html',
      routes.contactEndpoint,
      '/api/anything',
      '/.netlify/functions/retry-contact-emails',
      '/sw.js',
    ]) {
      expect(requestKind(get(path, 'navigate'), origin), path).toBe('bypass');
      expect(requestKind(get(path), origin), path).toBe('bypass');
    }
    expect(requestKind({ method: 'POST', url: `${origin}${routes.contactEndpoint}`, mode: 'cors' }, origin)).toBe(
      'bypass',
    );
    expect(requestKind({ method: 'POST', url: `${origin}/contact/form`, mode: 'navigate' }, origin)).toBe('bypass');
    expect(requestKind({ method: 'HEAD', url: `${origin}/`, mode: 'no-cors' }, origin)).toBe('bypass');
    expect(requestKind({ method: 'GET', url: 'https://cdn.example.org/_astro/a.css', mode: 'no-cors' }, origin)).toBe(
      'bypass',
    );
    expect(requestKind({ method: 'GET', url: 'https://cdn.example.org/', mode: 'navigate' }, origin)).toBe('bypass');
  });

  it("leaves search's answers, documents and icons to the browser cache", () => {
    for (const path of [
      `${routes.searchAnswer}?q=red`,
      '/documents/pigments/sheet.pdf',
      '/favicon.svg',
      '/site.webmanifest',
    ]) {
      expect(requestKind(get(path), origin), path).toBe('bypass');
    }
  });

  it('does not take /administration or /apis for the bypassed paths', () => {
    expect(requestKind(get('/administration', 'navigate'), origin)).toBe('page');
    expect(requestKind(get('/apis', 'navigate'), origin)).toBe('page');
  });
});

describe('isKeptPage', () => {
  it('keeps pages at their own address and searches, not other queries, documents or the offline page', () => {
    expect(isKeptPage(`${origin}/products/pigments`)).toBe(true);
    expect(isKeptPage(`${origin}/`)).toBe(true);
    expect(isKeptPage(`${origin}${routes.search}?q=red`)).toBe(true);
    expect(isKeptPage(`${origin}${routes.search}`)).toBe(true);
    expect(isKeptPage(`${origin}/contact?topic=technical-data`)).toBe(false);
    expect(isKeptPage(`${origin}/offline`)).toBe(false);
    expect(isKeptPage(`${origin}/documents/pigments/sheet.pdf`)).toBe(false);
  });
});

describe('networkWait', () => {
  const swr = { networkTimeoutMs: 0, deployTimeoutMs: 8000 };
  const networkFirst = { networkTimeoutMs: 3000, deployTimeoutMs: 8000 };
  const now = { build: 'b2', newerWorker: false };

  it('answers at once from a copy kept by this build (stale-while-revalidate)', () => {
    expect(networkWait({ build: 'b2' }, now, swr)).toBe(0);
  });

  it('waits for the network up to its timeout with network first', () => {
    expect(networkWait({ build: 'b2' }, now, networkFirst)).toBe(3000);
  });

  it('goes to the network when nothing is kept', () => {
    expect(networkWait(undefined, now, swr)).toBeUndefined();
  });

  it('waits for the network after a deploy: a copy of an earlier build, or a newer worker on its way', () => {
    expect(networkWait({ build: 'b1' }, now, swr)).toBe(8000);
    expect(networkWait({ build: null }, now, swr)).toBe(8000);
    expect(networkWait({ build: 'b2' }, { build: 'b2', newerWorker: true }, swr)).toBe(8000);
  });
});

describe('refreshHeaders', () => {
  it("asks on the kept copy's ETag, so an unchanged page is answered 304", () => {
    expect(refreshHeaders('"abc"')).toEqual({ 'if-none-match': '"abc"' });
    expect(refreshHeaders('W/"abc"')).toEqual({ 'if-none-match': 'W/"abc"' });
  });

  it('asks plainly when the copy has no ETag', () => {
    expect(refreshHeaders(null)).toEqual({});
  });
});
