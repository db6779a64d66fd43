/**
 * Serves the production build (dist/) on http://localhost:4321 through Netlify's own local
 * emulation (@netlify/dev): netlify.toml headers and redirects, the functions in
 * netlify/functions and a local Netlify Blobs store, offline and without a Netlify account.
 *
 * Gaps of the emulation are closed here: it does not answer unmatched paths with dist/404.html;
 * it does not compress responses as Netlify's CDN does (so page weights measured locally match
 * production); its image CDN re-encodes every picture on every request, slowly (see
 * lib/image-cdn.mjs); and it does not load .env (npm's "serve" script passes
 * --env-file-if-exists).
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { createImageCdn, imageCdnPath } from './lib/image-cdn.mjs';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

const netlify = new NetlifyDev({
  projectRoot,
  // Features the site does not use stay off: they would try to reach Netlify or download Deno.
  aiGateway: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  // Pictures are answered by lib/image-cdn.mjs instead.
  images: { enabled: false },
  environmentVariables: { enabled: false },
});

await netlify.start();

// The emulation bundles a function on its first call, which takes seconds: do it now, so the
// first visitor who sends the contact form does not wait for it.
await netlify.handle(new Request(`http://${host}:${port}/api/send-contact-email`)).then((r) => r?.body?.cancel());

const notFoundPage = await readFile(new URL('../dist/404.html', import.meta.url), 'utf8');
const imageCdn = createImageCdn(fileURLToPath(new URL('../dist', import.meta.url)));

/** Text formats worth compressing; pictures and fonts are compressed already. */
const compressible = /^(text\/|application\/(javascript|json|manifest\+json|xml|ld\+json)|image\/svg\+xml)/;

/** Brotli or gzip, as Netlify's CDN chooses from the request's Accept-Encoding. */
function encodingFor(req, response) {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !compressible.test(type)) return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Compressed copies of the site's files, as a CDN keeps them: each file is compressed once, at
 * the highest Brotli quality for files of ordinary size (a few KB smaller than on-the-fly
 * compression, and no compression time on later requests). Keyed by content, so a rebuild
 * needs no restart.
 */
const compressedFiles = new Map();
const largeFile = 256 * 1024;
const [brotli, gzipAsync] = [promisify(brotliCompress), promisify(gzip)];
function compressFile(bytes, encoding) {
  const key = `${encoding}:${createHash('sha1').update(bytes).digest('base64')}`;
  let compressed = compressedFiles.get(key);
  if (!compressed) {
    // Compression runs off the main thread; concurrent requests for one file share the work.
    compressed =
      encoding === 'br'
        ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: bytes.length > largeFile ? 5 : 11 } })
        : gzipAsync(bytes, { level: 9 });
    compressedFiles.set(key, compressed);
  }
  return compressed;
}

/**
 * Copies a WHATWG Response onto a Node response, compressed when the client accepts it. Files
 * (`cached`) are compressed once and kept; function answers are compressed as they stream.
 */
async function send(response, req, res, { cached = false } = {}) {
  res.statusCode = response.status;
  res.statusMessage = response.statusText || '';
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) return res.end();
  const encoding = encodingFor(req, response);
  if (!encoding) return Readable.fromWeb(response.body).pipe(res);
  res.setHeader('content-encoding', encoding);
  res.setHeader('vary', 'Accept-Encoding');
  if (cached) {
    const compressed = await compressFile(Buffer.from(await response.arrayBuffer()), encoding);
    res.setHeader('content-length', compressed.length);
    return res.end(req.method === 'HEAD' ? undefined : compressed);
  }
  res.removeHeader('content-length');
  const compressor =
    encoding === 'br' ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : createGzip({ level: 9 });
  Readable.fromWeb(response.body).pipe(compressor).pipe(res);
}

/**
 * Headers that netlify.toml assigns to a path. The emulation only reports them for a request it
 * answers, so ask it for the 404 page itself, which every `/*` rule covers.
 */
async function configuredHeaders() {
  const collected = new Headers();
  const probe = await netlify.handle(new Request(`http://${host}:${port}/404.html`), {
    headersCollector: (key, value) => collected.set(key, value),
  });
  await probe?.body?.cancel();
  return collected;
}

/**
 * The emulation starts a fresh worker thread for every function call. Dozens of them starting at
 * once on a small machine run past the function timeout and answer 500, which Netlify's real,
 * separately scaled functions never would; so function calls take turns, a few at a time, and
 * the rest wait in line.
 */
function limiter(slots) {
  const waiting = [];
  let busy = 0;
  const release = () => {
    busy--;
    waiting.shift()?.();
  };
  return async (task) => {
    if (busy >= slots) await new Promise((resolve) => waiting.push(resolve));
    busy++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
const siteHeaders = configuredHeaders();
const functionTurn = limiter(Number(process.env.FUNCTION_CONCURRENCY ?? 12));
const isFunctionPath = (url = '') => url.startsWith('/api/') || url.startsWith('/.netlify/functions/');

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', `http://${host}:${port}`);
    if (url.pathname === imageCdnPath) {
      const image = await imageCdn(url, { method: req.method, accept: String(req.headers.accept ?? '') });
      const headers = new Headers(await siteHeaders);
      for (const [name, value] of image.headers) headers.set(name, value);
      return await send(new Response(image.body, { status: image.status, headers }), req, res);
    }
    const match = isFunctionPath(req.url)
      ? await functionTurn(() => netlify.handleAndIntrospectNodeRequest(req))
      : await netlify.handleAndIntrospectNodeRequest(req);
    if (match) return await send(match.response, req, res, { cached: !isFunctionPath(req.url) });
    const headers = new Headers(await siteHeaders);
    headers.set('content-type', 'text/html; charset=utf-8');
    return await send(new Response(notFoundPage, { status: 404, headers }), req, res, { cached: true });
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.statusCode = 500;
    res.end('Internal server error');
  }
});

server.listen(port, host, () => {
  console.log(`Site ready on http://${host}:${port} (production build with Netlify functions, headers and redirects)`);
});

function shutdown() {
  server.close();
  server.closeAllConnections?.();
  netlify.stop().finally(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
