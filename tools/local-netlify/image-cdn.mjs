/**
 * A local stand-in for Netlify Image CDN (`/.netlify/images?url=…&w=…&h=…&fit=…&position=…&fm=…&q=…`),
 * used by `npm start`, the tests and the benchmark.
 *
 * Netlify resizes and encodes a picture on its first request and then serves it from its cache.
 * The emulation built into @netlify/dev does the same work on every request, at the encoder's
 * slowest settings, seconds per picture, which makes a catalogue page crawl. This one
 * keeps each result in memory, shares the work of identical requests that arrive together, and
 * encodes at low effort: the files are a few per cent larger than the CDN's, never smaller.
 *
 * Results are keyed on what shapes the picture (the source file, format, size, fit, position and
 * quality) and nothing else, so a query with extra or reordered parameters is served from the
 * same entry; the cache holds a bounded number of bytes, least recently used first out. Malformed
 * requests get 400 with the reason, before any work is done.
 */
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { pendingCache } from './pending-cache.mjs';

export const imageCdnPath = '/.netlify/images';

const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
/** Netlify's `fit` values and the sharp equivalents; `contain` is the default. */
const fits = { contain: 'inside', cover: 'cover', fill: 'fill' };
/** Netlify's `position` values (used with `fit=cover`); `center` is the default. */
const positions = { center: 'centre', top: 'top', bottom: 'bottom', left: 'left', right: 'right' };
const encoders = {
  avif: (image, quality) => image.avif({ quality: quality ?? 50, effort: 0 }),
  webp: (image, quality) => image.webp({ quality: quality ?? 75, effort: 1 }),
  jpg: (image, quality) => image.jpeg({ quality: quality ?? 75 }),
  png: (image) => image.png(),
  gif: (image) => image.gif(),
};

class ImageRequestError extends Error {}

/** The response format: `fm` if given, else the best one the browser accepts, as Netlify does. */
function formatFor(params, accept, source) {
  const asked = params.get('fm');
  if (asked !== null) {
    if (!Object.hasOwn(encoders, asked)) throw new ImageRequestError(`unsupported format "${asked}"`);
    return asked;
  }
  if (/image\/avif/.test(accept)) return 'avif';
  if (/image\/webp/.test(accept)) return 'webp';
  const original = extname(source).slice(1).toLowerCase().replace('jpeg', 'jpg');
  return Object.hasOwn(encoders, original) ? original : 'jpg';
}

function dimension(params, name) {
  const value = params.get(name);
  if (value === null) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isInteger(number) || number < 1 || number > 4000) {
    throw new ImageRequestError(`"${name}" must be a whole number of pixels from 1 to 4000`);
  }
  return number;
}

function choice(params, name, allowed, fallback) {
  const value = params.get(name) ?? fallback;
  if (!Object.hasOwn(allowed, value))
    throw new ImageRequestError(`"${name}" must be one of ${Object.keys(allowed).join(', ')}`);
  return value;
}

/**
 * The file a `url` parameter names inside the site. Like Netlify, only pictures of the site itself
 * are transformed here; the path is percent-decoded as a URL path is.
 */
function sourceFile(root, source) {
  if (source === null || source.trim() === '') throw new ImageRequestError('"url" is required');
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) || source.startsWith('//'))
    throw new ImageRequestError('only pictures of this site can be transformed');
  let path;
  try {
    path = decodeURIComponent(source.split(/[?#]/)[0]);
  } catch {
    throw new ImageRequestError('"url" is not a valid path');
  }
  if (path.includes('\0')) throw new ImageRequestError('"url" is not a valid path');
  const file = resolve(root, path.replace(/^[/\\]+/, ''));
  if (!file.startsWith(root + sep)) throw new ImageRequestError('picture outside the site');
  return file;
}

/**
 * What a request asks for, checked and normalised: the cache key and the work to do. Throws
 * ImageRequestError for anything malformed.
 */
function parseImageRequest(root, params, accept = '') {
  const file = sourceFile(root, params.get('url'));
  const format = formatFor(params, accept, file);
  const width = dimension(params, 'w');
  const height = dimension(params, 'h');
  const fit = choice(params, 'fit', fits, 'contain');
  // Position only moves the crop of `cover`; for other fits it changes nothing and is not keyed.
  const position = fit === 'cover' ? choice(params, 'position', positions, 'center') : undefined;
  if (fit !== 'cover' && params.has('position')) choice(params, 'position', positions, 'center');
  let quality;
  if (params.has('q')) {
    const q = params.get('q') ?? '';
    quality = Number(q);
    if (q.trim() === '' || !Number.isInteger(quality) || quality < 1 || quality > 100) {
      throw new ImageRequestError('"q" must be a whole number from 1 to 100');
    }
  }
  const key = JSON.stringify([
    file.slice(root.length),
    format,
    width ?? null,
    height ?? null,
    fit,
    position ?? null,
    quality ?? null,
  ]);
  return { key, file, format, width, height, fit, position, quality };
}

/**
 * @param {string} publishDirectory the built site (dist/), where the source pictures are
 * @param {{ onTransform?: (key: string) => void, maxBytes?: number, maxEntries?: number }} [options]
 *   onTransform is told of each picture actually encoded; the limits bound the memory cache
 */
export function createImageCdn(
  publishDirectory,
  { onTransform, maxBytes = 128 * 1024 * 1024, maxEntries = 2000 } = {},
) {
  const root = resolve(publishDirectory);
  const cache = pendingCache({ maxBytes, maxEntries, sizeOf: ({ body }) => body.length });

  async function transform({ file, format, width, height, fit, position, quality }) {
    const input = await readFile(file).catch(() => {
      throw new ImageRequestError(`no picture at "${file.slice(root.length + 1)}"`);
    });
    // A file that is not a picture (a page, a script) is a bad request, not a fault of the server.
    await sharp(input)
      .metadata()
      .catch(() => {
        throw new ImageRequestError(`"${file.slice(root.length + 1)}" is not a picture`);
      });
    let image = sharp(input);
    if (width || height)
      image = image.resize({
        width,
        height,
        fit: fits[fit],
        position: position && positions[position],
        withoutEnlargement: true,
      });
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
    if (method !== 'GET' && method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    try {
      const asked = parseImageRequest(root, url.searchParams, accept);
      const { body, type } = await cache.remember(asked.key, () => {
        onTransform?.(asked.key);
        return transform(asked);
      });
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
      if (error instanceof ImageRequestError) {
        return new Response(`Bad image request: ${error.message}`, {
          status: 400,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      throw error;
    }
  };
}
