/**
 * The local production server behind `npm start`, the browser tests and the benchmarks.
 *
 * - Functions (netlify/functions) are bundled once at start and called in this process, on the
 *   routes of their own `config` (functions.mjs), with the local Netlify Blobs store of Netlify's
 *   emulation in <projectRoot>/.netlify/blobs-serve. So is the function @astrojs/netlify builds into
 *   .netlify/v1/functions for the pages rendered on demand, as the build wrote it; its route is
 *   every path, after files, as on Netlify.
 * - Pages and files of dist/, netlify.toml's headers and redirects, and the Blobs server come from
 *   Netlify's own emulation (`NetlifyDev` from @netlify/dev), which does not answer unmatched
 *   paths: they get dist/404.html with status 404 and the configured headers here.
 * - `/.netlify/images` is answered by a local stand-in of the image CDN (image-cdn.mjs).
 * What stays here and why, measured against the emulation: docs/decisions/0041-local-netlify-measured.md.
 * - Text is compressed with Brotli or gzip, as Netlify's CDN does, so page weights measured
 *   locally match production; the compressed copies of files are kept, within a bound. Files
 *   carry an ETag and a repeated request with it is answered 304, as there.
 *
 * Whatever a client sends, the answer is a status from the function or a 4xx from here; a 5xx
 * only comes from a function that fails, and is logged.
 */
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { NetlifyDev } from '@netlify/dev';
import { pendingCache } from './pending-cache.mjs';
import { createFunctionRunner, loadFunctions } from './functions.mjs';
import { RedirectsHandler } from '@netlify/redirects';
import { createImageCdn, imageCdnPath } from './image-cdn.mjs';
import { blobsWritesInTurn } from './blobs-writes-in-turn.mjs';
import { BadRequest, nodeStream, readBody, requestURL, toRequest, writeResponse } from './node-http.mjs';
// Plain TypeScript without imports: Node 22 runs it as it is (type stripping).
import { routes } from '../../src/model/routes.ts';

/** Text formats worth compressing; pictures and fonts are compressed already. */
const compressible = /^(text\/|application\/(javascript|json|manifest\+json|xml|ld\+json)|image\/svg\+xml)/;

/** Brotli or gzip, as Netlify's CDN chooses from the request's Accept-Encoding. */
function encodingFor(req, status, headers, hasBody) {
  const type = headers.get('content-type') ?? '';
  if (!hasBody || status === 204 || status === 304 || headers.has('content-encoding') || !compressible.test(type))
    return undefined;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Compressed copies of the site's files, as a CDN keeps them: each file is compressed once, at
 * the highest Brotli quality for files of ordinary size (a few KB smaller than on-the-fly
 * compression, and no compression time on later requests). Keyed by content, so a rebuild needs
 * no restart; bounded, so rebuilds do not pile up copies. Only files go here: answers of
 * functions and pictures of the image CDN are never cached by content.
 */
function fileCompressor({ maxBytes = 64 * 1024 * 1024 } = {}) {
  const cache = pendingCache({ maxBytes, sizeOf: (result) => result.length });
  const largeFile = 256 * 1024;
  const [brotli, gzipAsync] = [promisify(brotliCompress), promisify(gzip)];
  function compressFile(bytes, encoding) {
    const key = `${encoding}:${createHash('sha1').update(bytes).digest('base64')}`;
    // Compression runs off the main thread; concurrent requests for one file share the work.
    return cache.remember(key, () =>
      encoding === 'br'
        ? brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: bytes.length > largeFile ? 5 : 11 } })
        : gzipAsync(bytes, { level: 9 }),
    );
  }
  return { compressFile, cache };
}

/**
 * Whether a file of the site answers a path, as Netlify looks for one: the path itself, then with
 * `.html`, then its `index.html` (the same order as Netlify's local emulation).
 */
async function hasFile(directory, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const base = decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
  const candidates = decoded.endsWith('/')
    ? [`${base}.html`, `${decoded}index.html`]
    : [decoded, `${decoded}.html`, `${decoded}/index.html`];
  for (const candidate of candidates) {
    const file = resolve(directory, `.${candidate}`);
    if (!file.startsWith(resolve(directory))) continue;
    try {
      if ((await stat(file)).isFile()) return true;
    } catch {
      // Not there: the next form.
    }
  }
  return false;
}

/** The caller's address without the IPv4-in-IPv6 prefix, as Netlify reports it. */
const clientIP = (req) => (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');

const isClientGone = (error, res) =>
  res.destroyed || ['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE'].includes(/** @type {any} */ (error)?.code);

/**
 * The built pages of `projectRoot` (its dist/ and netlify.toml) alone, with no function and no
 * log, on a free port: for the tests and benches that serve another build or a changed copy.
 * @param {string} projectRoot
 */
export function startPagesServer(projectRoot) {
  const noFunctions = join(projectRoot, 'no-functions');
  mkdirSync(noFunctions, { recursive: true });
  return startSiteServer({
    projectRoot,
    host: 'localhost',
    port: 0,
    functionsDirectory: noFunctions,
    builtFunctionsDirectory: noFunctions,
    log: () => {},
    logError: () => {},
  });
}

/** Netlify's emulation, started: the files, headers, redirects and Blobs of the site at `projectRoot`. */
async function startEmulation(projectRoot) {
  const netlify = new NetlifyDev({
    projectRoot,
    // The local Blobs store: a Blobs server on <projectRoot>/.netlify/blobs-serve (the folder the
    // operator's commands read), and the environment getStore() reads on Netlify pointed at it, so
    // the functions called in this process use it unchanged.
    blobs: { enabled: true },
    // Functions are run here instead (functions.mjs): the emulation builds a function and starts a
    // worker for every call (docs/decisions/0041-local-netlify-measured.md). Features the site does not use stay off, as
    // they would try to reach Netlify or download Deno.
    functions: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    // Pictures are answered by ./image-cdn.mjs instead.
    images: { enabled: false },
    environmentVariables: { enabled: false },
  });
  await netlify.start();
  return netlify;
}

/** Node's request listener: `answer`, with a bad request, a client gone and a failure answered as Netlify does. */
function requestListener(answer, logError) {
  return async (req, res) => {
    try {
      await answer(req, res);
    } catch (error) {
      if (error instanceof BadRequest) {
        if (!res.headersSent) {
          res.writeHead(error.status, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`${error.message}\n`);
        }
        return;
      }
      if (isClientGone(error, res)) return;
      logError(`Error answering ${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal server error');
      } else {
        res.destroy();
      }
    }
  };
}

/**
 * Sends a Response, compressed when the client accepts it. Files (`cacheable`) are compressed
 * once and kept; other answers are compressed as they stream.
 */
function responder(compressFile) {
  return async function send(response, req, res, { cacheable = false, extraHeaders = {} } = {}) {
    // A file carries a validator, as Netlify's CDN gives one: a browser that has it asks again
    // with If-None-Match and gets 304 without the body (the service worker's file, checked on
    // every navigation, among others).
    if (cacheable && response.status === 200) {
      const bytes = Buffer.from(await response.arrayBuffer());
      const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
      const headers = new Headers(response.headers);
      headers.set('etag', etag);
      if (
        String(req.headers['if-none-match'] ?? '')
          .split(/\s*,\s*/)
          .includes(etag)
      ) {
        headers.delete('content-length');
        headers.delete('content-type');
        return writeResponse(res, { status: 304, statusText: 'Not Modified', headers, extraHeaders, body: null });
      }
      response = new Response(bytes, { status: 200, statusText: response.statusText, headers });
    }
    const encoding = encodingFor(req, response.status, response.headers, Boolean(response.body));
    if (!encoding)
      return writeResponse(res, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        extraHeaders,
        body: response.body,
      });
    const headers = new Headers(response.headers);
    const answer = { status: response.status, statusText: response.statusText, headers, extraHeaders };
    headers.set('content-encoding', encoding);
    headers.set('vary', headers.has('vary') ? `${headers.get('vary')}, Accept-Encoding` : 'Accept-Encoding');
    if (cacheable) {
      const compressed = await compressFile(Buffer.from(await response.arrayBuffer()), encoding);
      headers.set('content-length', String(compressed.length));
      return writeResponse(res, { ...answer, body: req.method === 'HEAD' ? null : compressed });
    }
    headers.delete('content-length');
    // On the fly at Brotli 5, a level for compressing as the answer streams (Netlify does not say
    // which it uses). Level 9 made a catalogue page 1.4 % smaller for far more CPU, much of it in
    // the kernel, for the encoder's memory: a crawl of the site's links (tests/dist) took 29
    // CPU-seconds with it, 20 at level 5.
    const compressor =
      encoding === 'br'
        ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
        : createGzip({ level: 9 });
    return writeResponse(res, { ...answer, body: nodeStream(response.body)?.pipe(compressor) ?? null });
  };
}

/** A function's answer; a function that throws is logged and answered 500, as on Netlify. */
function functionCaller(functions, logError) {
  return async function callFunction(match, url, req) {
    const method = (req.method ?? 'GET').toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
    const requestId = randomUUID();
    if (body === undefined && method !== 'GET' && method !== 'HEAD') {
      return {
        requestId,
        response: new Response('Request body larger than 6 MB', {
          status: 413,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
      };
    }
    const request = toRequest(req, url, body);
    try {
      return { requestId, response: await functions.invoke(match, request, { ip: clientIP(req), requestId }) };
    } catch (error) {
      logError(
        `Function ${match.fn.name} failed on ${method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`,
      );
      return {
        requestId,
        response: new Response('Internal server error', {
          status: 500,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        }),
      };
    }
  };
}

/**
 * The answer to one request, as Netlify gives it: the image CDN, rewrites to functions, functions,
 * not-found rules, files, the pages rendered on demand, then the site's 404 page.
 */
function siteAnswerer({
  imageCdn,
  rewrites,
  functions,
  netlify,
  publishDirectory,
  origin,
  siteHeaders,
  notFoundPage,
  send,
  callFunction,
}) {
  return async function answer(req, res) {
    const url = requestURL(req);
    const method = (req.method ?? 'GET').toUpperCase();
    if (url.pathname === imageCdnPath) {
      // The image CDN's own headers only, as Netlify's emulation answers it: the headers rules are
      // for the site's files, and a page's policy on every picture would only add bytes.
      const image = await imageCdn(url, { method, accept: String(req.headers.accept ?? '') });
      return send(new Response(image.body, { status: image.status, headers: image.headers }), req, res);
    }
    const rewrite = await rewrites.match(toRequest(req, url, undefined));
    if (rewrite && !rewrite.redirect && !rewrite.external && rewrite.force && rewrite.statusCode === 200) {
      const target = functions.match(rewrite.target.pathname, method);
      if (target) {
        const { response, requestId } = await callFunction(target, rewrite.target, req);
        return send(response, req, res, { extraHeaders: { 'x-nf-request-id': requestId } });
      }
    }
    const match = functions.match(url.pathname, method);
    if (match && !match.route?.prefer_static) {
      const { response, requestId } = await callFunction(match, url, req);
      return send(response, req, res, { extraHeaders: { 'x-nf-request-id': requestId } });
    }
    // A rule with status 404 (a not-found page per path, such as the catalogue's in dist/_redirects)
    // answers where no file does, with its page and status 404; the emulation would send the page
    // with status 200.
    if (
      rewrite &&
      !rewrite.redirect &&
      !rewrite.external &&
      !rewrite.force &&
      rewrite.statusCode === 404 &&
      !(await hasFile(publishDirectory, url.pathname))
    ) {
      const page = await netlify.handleAndIntrospect(new Request(new URL(rewrite.target.pathname, origin)));
      if (page?.type === 'static')
        return send(new Response(page.response.body, { status: 404, headers: page.response.headers }), req, res, {
          cacheable: true,
        });
      await page?.response.body?.cancel();
    }
    const found = await netlify.handleAndIntrospect(toRequest(req, url, undefined));
    // A not-found rule whose path has a file (`/products/*` matches `/products` too) is answered
    // by the file: the emulation names it a redirect, Netlify serves it as the file it is.
    const shadowedRule =
      found?.type === 'redirect' && rewrite && !rewrite.redirect && !rewrite.force && rewrite.statusCode === 404;
    if (found) return send(found.response, req, res, { cacheable: found.type === 'static' || Boolean(shadowedRule) });
    // A function whose route comes after files (the pages rendered on demand) answers the rest.
    if (match) {
      const { response, requestId } = await callFunction(match, url, req);
      return send(response, req, res, { extraHeaders: { 'x-nf-request-id': requestId } });
    }
    const headers = new Headers(await siteHeaders);
    headers.set('content-type', 'text/html; charset=utf-8');
    return send(new Response(notFoundPage, { status: 404, headers }), req, res, { cacheable: true });
  };
}

/**
 * @param {{
 *   projectRoot: string,
 *   port?: number,
 *   host?: string,
 *   functionsDirectory?: string,
 *   builtFunctionsDirectory?: string,
 *   log?: (line: string) => void,
 *   logError?: (line: string) => void,
 * }} options
 */
export async function startSiteServer({
  projectRoot,
  port = 4321,
  host = 'localhost',
  functionsDirectory = join(projectRoot, 'netlify', 'functions'),
  builtFunctionsDirectory = join(projectRoot, '.netlify', 'v1', 'functions'),
  log = console.log,
  logError = console.error,
}) {
  // The built site: netlify.toml's `publish`, which the emulation reads for the files it serves,
  // so another build is served by pointing projectRoot at a folder with its own dist/ and
  // netlify.toml (as the visit bench does), never by a folder of its own here.
  const publishDirectory = join(projectRoot, 'dist');
  // A function that does not build stops the start, before anything is listening.
  const loaded = await loadFunctions({
    sourceDirectory: functionsDirectory,
    builtDirectory: builtFunctionsDirectory,
    log,
  });
  const functions = createFunctionRunner(loaded, { log: logError });
  if (!existsSync(builtFunctionsDirectory) || readdirSync(builtFunctionsDirectory).length === 0) {
    // Every `astro` command (check, dev, build) empties the folder before the build writes it again.
    logError(
      `No built function in ${builtFunctionsDirectory}: the pages rendered on demand (the contact page with a query or a refused form) need \`npm run build\` first.`,
    );
  }

  const netlify = await startEmulation(projectRoot);
  // One conditional write of a key at a time, as on Netlify (blobs-writes-in-turn.mjs).
  const blobsProxy = await blobsWritesInTurn();
  // The emulation runs the rewrites to static files; a rewrite to a function (such as
  // /contact?topic=… to the contact page rendered on demand, which the build writes into
  // dist/_redirects) is matched with Netlify's own redirect rules, from netlify.toml and
  // dist/_redirects as Netlify reads them, and the function is called here, as Netlify does.
  const rewrites = new RedirectsHandler({
    configPath: join(projectRoot, 'netlify.toml'),
    projectDir: projectRoot,
    publicDir: publishDirectory,
    jwtRoleClaim: '',
    jwtSecret: '',
  });

  const notFoundFile = `${routes.notFound}.html`;
  const notFoundPage = await readFile(join(publishDirectory, notFoundFile), 'utf8').catch(() => 'Not found');
  const imageCdn = createImageCdn(resolve(publishDirectory));
  const { compressFile, cache: compressedFiles } = fileCompressor();
  const origin = `http://${host}:${port}`;

  /**
   * Headers that netlify.toml assigns to a path. The emulation only reports them for a request it
   * answers, so ask it for the 404 page itself, which every `/*` rule covers.
   */
  const siteHeaders = (async () => {
    const collected = new Headers();
    const probe = await netlify.handle(new Request(`${origin}${notFoundFile}`), {
      headersCollector: (key, value) => collected.set(key, value),
    });
    await probe?.body?.cancel();
    return collected;
  })();

  const send = responder(compressFile);
  const callFunction = functionCaller(functions, logError);
  const answer = siteAnswerer({
    imageCdn,
    rewrites,
    functions,
    netlify,
    publishDirectory,
    origin,
    siteHeaders,
    notFoundPage,
    send,
    callFunction,
  });

  const server = createServer(requestListener(answer, logError));

  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  // This deploy's own address, as Netlify gives its functions: the address /admin's preview holds
  // a request to (src/server/own-address.ts), never the one a request names.
  process.env.DEPLOY_URL ??= `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${actualPort}`;

  let closing;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    functions: functions.functions,
    /** How many compressed copies of files are kept (for tests: function answers are never kept). */
    compressedFiles: () => compressedFiles.size,
    /** Stops accepting, lets the requests under way finish (up to 10 s), then stops the rest. */
    close() {
      closing ??= (async () => {
        const closed = new Promise((resolveClose) => server.close(() => resolveClose(undefined)));
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), 10_000);
        await closed;
        clearTimeout(timer);
        await functions.settle();
        await blobsProxy.close();
        await netlify.stop();
      })();
      return closing;
    },
  };
}
