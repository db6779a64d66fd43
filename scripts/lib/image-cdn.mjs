/**
 * A local stand-in for Netlify Image CDN (`/.netlify/images?url=…&w=…&h=…&fit=…&fm=…&q=…`), used
 * by `npm start`, the tests and the benchmark.
 *
 * Netlify resizes and encodes a picture on its first request and then serves it from its cache.
 * The emulation built into @netlify/dev does the same work on every request, at the encoder's
 * slowest settings (about 2 s per picture here), which makes a catalogue page crawl. This one
 * keeps each result in memory, shares the work of identical requests that arrive together, and
 * encodes at low effort: the files are a few per cent larger than the CDN's, never smaller.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import sharp from 'sharp';

export const imageCdnPath = '/.netlify/images';

const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
const fits = { contain: 'inside', cover: 'cover', fill: 'fill' };
const encoders = {
  avif: (image, quality) => image.avif({ quality: quality ?? 50, effort: 0 }),
  webp: (image, quality) => image.webp({ quality: quality ?? 75, effort: 1 }),
  jpg: (image, quality) => image.jpeg({ quality: quality ?? 75 }),
  png: (image) => image.png(),
};

class ImageRequestError extends Error {}

/** The response format: `fm` if given, else the best one the browser accepts, as Netlify does. */
function formatFor(params, accept, source) {
  const asked = params.get('fm');
  if (asked) {
    if (!(asked in encoders)) throw new ImageRequestError(`unsupported format "${asked}"`);
    return asked;
  }
  if (/image\/avif/.test(accept)) return 'avif';
  if (/image\/webp/.test(accept)) return 'webp';
  const original = extname(source).slice(1).replace('jpeg', 'jpg');
  return original in encoders ? original : 'jpg';
}

function dimension(params, name) {
  const value = params.get(name);
  if (value === null) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 4000) throw new ImageRequestError(`"${name}" must be a whole number of pixels`);
  return number;
}

/**
 * @param {string} publishDirectory the built site (dist/), where the source pictures are
 * @param {{ onTransform?: (query: string) => void }} [hooks] told of each picture actually encoded
 */
export function createImageCdn(publishDirectory, { onTransform } = {}) {
  const root = resolve(publishDirectory);
  /** @type {Map<string, Promise<{ body: Buffer, type: string }>>} */
  const cache = new Map();

  async function transform(params, format) {
    const source = params.get('url') ?? '';
    if (/^[a-z]+:/i.test(source) || source.startsWith('//')) throw new ImageRequestError('only pictures of this site can be transformed');
    const file = resolve(root, decodeURIComponent(source).replace(/^\/+/, ''));
    if (!file.startsWith(root + sep)) throw new ImageRequestError('picture outside the site');
    const input = await readFile(file).catch(() => {
      throw new ImageRequestError(`no picture at "${source}"`);
    });
    const width = dimension(params, 'w');
    const height = dimension(params, 'h');
    const quality = params.has('q') ? Number(params.get('q')) : undefined;
    if (quality !== undefined && !(Number.isInteger(quality) && quality >= 1 && quality <= 100)) throw new ImageRequestError('"q" must be a whole number from 1 to 100');
    let image = sharp(input);
    if (width || height) image = image.resize({ width, height, fit: fits[params.get('fit') ?? 'contain'] ?? 'inside', withoutEnlargement: true });
    const body = await encoders[format](image, quality).toBuffer();
    return { body, type: types[format] };
  }

  /**
   * Answers a request for the image CDN path.
   * @param {URL} url
   * @param {{ method?: string, accept?: string }} request
   * @returns {Promise<Response>}
   */
  return async function handle(url, { method = 'GET', accept = '' } = {}) {
    if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    try {
      const format = formatFor(url.searchParams, accept, url.searchParams.get('url') ?? '');
      const key = `${format}?${url.searchParams}`;
      let result = cache.get(key);
      if (!result) {
        onTransform?.(key);
        result = transform(url.searchParams, format);
        cache.set(key, result);
        result.catch(() => cache.delete(key));
      }
      const { body, type } = await result;
      return new Response(method === 'HEAD' ? null : body, {
        headers: {
          'content-type': type,
          'content-length': String(body.length),
          // The source's file name carries a hash of its content, so the result never changes.
          'cache-control': 'public, max-age=31536000, immutable',
          vary: 'Accept',
        },
      });
    } catch (error) {
      if (error instanceof ImageRequestError) return new Response(`Bad image request: ${error.message}`, { status: 400 });
      throw error;
    }
  };
}
