import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageCdn } from '../../tools/local-netlify/image-cdn.mjs';

let site: string;
let handle: ReturnType<typeof createImageCdn>;
const encoded: string[] = [];
const ask = (query: string, init?: { method?: string; accept?: string }) =>
  handle(new URL(`http://localhost/.netlify/images?${query}`), init);

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'image-cdn-'));
  mkdirSync(join(site, '_astro'));
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0b6e69' } })
    .webp()
    .toBuffer();
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
    expect([avif, webp, plain].map((r) => r.headers.get('content-type'))).toEqual([
      'image/avif',
      'image/webp',
      'image/webp',
    ]);
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
    ['url=_astro/..%2F..%2F..%2Fetc%2Fpasswd', 'picture outside the site'],
    ['url=https%3A%2F%2Fexample.org%2Fa.png', 'only pictures of this site'],
    ['url=%2F%2Fexample.org%2Fa.png', 'only pictures of this site'],
    ['w=100', '"url" is required'],
    ['url=', '"url" is required'],
    ['url=_astro%2Fhero%E0%A4%A.webp', '"url" is not a valid path'],
    ['url=_astro/missing.webp', 'no picture at'],
    ['url=secret.txt&fm=webp', 'is not a picture'],
    ['url=_astro', 'no picture at'],
    ['url=_astro/hero.abc123.webp&w=-5', '"w" must be a whole number'],
    ['url=_astro/hero.abc123.webp&w=abc', '"w" must be a whole number'],
    ['url=_astro/hero.abc123.webp&h=1.5', '"h" must be a whole number'],
    ['url=_astro/hero.abc123.webp&w=', '"w" must be a whole number'],
    ['url=_astro/hero.abc123.webp&w=99999', '"w" must be a whole number'],
    ['url=_astro/hero.abc123.webp&q=101', '"q" must be a whole number from 1 to 100'],
    ['url=_astro/hero.abc123.webp&q=', '"q" must be a whole number from 1 to 100'],
    ['url=_astro/hero.abc123.webp&fm=tiff', 'unsupported format'],
    ['url=_astro/hero.abc123.webp&fm=__proto__', 'unsupported format'],
    ['url=_astro/hero.abc123.webp&fit=stretch', '"fit" must be one of'],
    ['url=_astro/hero.abc123.webp&fit=cover&position=middle', '"position" must be one of'],
    ['url=_astro/hero.abc123.webp&position=toString', '"position" must be one of'],
  ])('refuses %s with 400', async (query, reason) => {
    const response = await ask(query);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(reason);
  });

  it('encodes each variant once, however many ask for it at the same time', async () => {
    const query = 'url=_astro/hero.abc123.webp&fm=avif&w=321';
    const before = encoded.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(query)));
    await ask(query);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(await Promise.all(answers.map(async (r) => (await r.arrayBuffer()).byteLength))).size).toBe(1);
    expect(encoded.length - before).toBe(1);
  });

  it('keys its cache on what shapes the picture, so unknown parameters cost no encode', async () => {
    const before = encoded.length;
    const first = await ask('url=_astro/hero.abc123.webp&fm=webp&w=123');
    const variants = await Promise.all([
      ask('url=_astro/hero.abc123.webp&fm=webp&w=123&junk=1'),
      ask('junk=2&w=123&fm=webp&url=_astro/hero.abc123.webp'),
      ask('url=%2F_astro%2Fhero.abc123.webp&fm=webp&w=123&fit=contain'),
      // position has no effect without fit=cover
      ask('url=_astro/hero.abc123.webp&fm=webp&w=123&position=top'),
    ]);
    expect([first, ...variants].map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(encoded.length - before).toBe(1);
    // Parameters that change the picture are each a new encode.
    await ask('url=_astro/hero.abc123.webp&fm=webp&w=123&h=50&fit=cover&position=top');
    await ask('url=_astro/hero.abc123.webp&fm=webp&w=123&h=50&fit=cover&position=bottom');
    await ask('url=_astro/hero.abc123.webp&fm=webp&w=123&q=20');
    expect(encoded.length - before).toBe(4);
  });

  it('crops a cover fit at the asked position', async () => {
    const picture = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000000' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    writeFileSync(join(site, '_astro', 'half.def456.png'), picture);
    const pixel = async (position: string) => {
      const response = await ask(`url=_astro/half.def456.png&fm=png&w=50&h=50&fit=cover&position=${position}`);
      const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Red channel of the middle pixel: black where the left half was kept, white for the right.
      return data[(25 * info.width + 25) * info.channels];
    };
    expect(await pixel('left')).toBe(0);
    expect(await pixel('right')).toBe(255);
  });

  it('keeps a bounded number of results, dropping the least recently used', async () => {
    const keys: string[] = [];
    const small = createImageCdn(site, { maxEntries: 2, onTransform: (key) => keys.push(key) });
    const get = (w: number) =>
      small(new URL(`http://localhost/.netlify/images?url=_astro/hero.abc123.webp&fm=webp&w=${w}`));
    await get(10);
    await get(20);
    await get(10); // 10 is now the most recently used
    await get(30); // evicts 20
    await get(10);
    expect(keys).toHaveLength(3);
    await get(20);
    expect(keys).toHaveLength(4);
  });

  it('keeps no more bytes than its limit', async () => {
    const keys: string[] = [];
    const tiny = createImageCdn(site, { maxBytes: 1, onTransform: (key) => keys.push(key) });
    const get = () => tiny(new URL('http://localhost/.netlify/images?url=_astro/hero.abc123.webp&fm=webp&w=40'));
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    expect(keys).toHaveLength(2);
  });
});
