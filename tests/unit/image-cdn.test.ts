import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageCdn } from '../../scripts/lib/image-cdn.mjs';

let site: string;
let handle: ReturnType<typeof createImageCdn>;
const encoded: string[] = [];
const ask = (query: string, init?: { method?: string; accept?: string }) => handle(new URL(`http://localhost/.netlify/images?${query}`), init);

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'image-cdn-'));
  mkdirSync(join(site, '_astro'));
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0b6e69' } }).webp().toBuffer();
  writeFileSync(join(site, '_astro', 'hero.abc123.webp'), picture);
  writeFileSync(join(site, 'secret.txt'), 'not a picture');
  handle = createImageCdn(site, { onTransform: (query) => encoded.push(query) });
});
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('local image CDN', () => {
  it('resizes and encodes as asked, like Netlify Image CDN', async () => {
    const response = await ask('url=_astro%2Fhero.abc123.webp&fm=avif&w=480&h=320&q=40');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 480, 320]);
  });

  it('chooses the best format the browser accepts when none is asked for', async () => {
    const avif = await ask('url=_astro/hero.abc123.webp&w=200', { accept: 'image/avif,image/webp,*/*' });
    const webp = await ask('url=_astro/hero.abc123.webp&w=200', { accept: 'image/webp,*/*' });
    const plain = await ask('url=_astro/hero.abc123.webp&w=200', { accept: '*/*' });
    expect([avif, webp, plain].map((r) => r.headers.get('content-type'))).toEqual(['image/avif', 'image/webp', 'image/webp']);
  });

  it('never enlarges a picture', async () => {
    const response = await ask('url=_astro/hero.abc123.webp&fm=webp&w=3000');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(meta.width).toBe(1200);
  });

  it('answers HEAD without a body and other methods with 405', async () => {
    const head = await ask('url=_astro/hero.abc123.webp&fm=webp&w=100', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(head.body).toBeNull();
    expect((await ask('url=_astro/hero.abc123.webp', { method: 'POST' })).status).toBe(405);
  });

  it.each([
    ['url=..%2F..%2Fetc%2Fpasswd', 'picture outside the site'],
    ['url=https%3A%2F%2Fexample.org%2Fa.png', 'only pictures of this site'],
    ['url=_astro/missing.webp', 'no picture at'],
    ['url=_astro/hero.abc123.webp&w=-5', '"w" must be a whole number'],
    ['url=_astro/hero.abc123.webp&q=101', '"q" must be a whole number from 1 to 100'],
    ['url=_astro/hero.abc123.webp&fm=tiff', 'unsupported format'],
  ])('refuses %s with 400', async (query, reason) => {
    const response = await ask(query);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(reason);
  });

  it('encodes each variant once, however many ask for it at the same time', async () => {
    const query = 'url=_astro/hero.abc123.webp&fm=avif&w=321';
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(query)));
    await ask(query);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(await Promise.all(answers.map(async (r) => (await r.arrayBuffer()).byteLength))).size).toBe(1);
    expect(encoded.filter((key) => key.endsWith('w=321'))).toHaveLength(1);
  });
});
