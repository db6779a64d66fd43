/**
 * Between Node's HTTP server and the WHATWG `Request`/`Response` that functions and the image CDN
 * speak. Malformed input is answered here with a 4xx, never thrown.
 */
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { once } from 'node:events';

/** Netlify buffers a function's request body and refuses one over 6 MB. */
const functionBodyLimit = 6 * 1024 * 1024;

export class BadRequest extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * The URL a request asks for, with the origin taken from its Host header as Netlify does (the
 * contact and report endpoints compare it with the Origin header). Its scheme is https when a
 * TLS front in the same machine says so (`X-Forwarded-Proto: https`), as Netlify's edge serves
 * the site over HTTPS: the browser test of the policy's reports needs HTTPS, since Chromium
 * delivers Reporting API reports to HTTPS endpoints only. Absolute-form targets keep only their
 * path; a target that is not a path, or a Host that is not a host, is a bad request.
 * @param {import('node:http').IncomingMessage} req
 */
export function requestURL(req) {
  const host = req.headers.host ?? '';
  const scheme = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
  let origin;
  try {
    origin = new URL(`${scheme}://${host}`);
  } catch {
    throw new BadRequest(400, 'Bad Host header');
  }
  // Only a host and port: "a/b", "a?b" or "user@a" parse as URLs but are not hosts.
  if (
    host === '' ||
    origin.pathname !== '/' ||
    origin.search ||
    origin.hash ||
    origin.username ||
    origin.password ||
    /[/?#@\\]/.test(host)
  ) {
    throw new BadRequest(400, 'Bad Host header');
  }
  const target = req.url ?? '';
  if (target.startsWith('/')) {
    // Concatenated, not resolved against the origin: "//other.example/x" stays a path here.
    return new URL(`${origin.origin}${target}`);
  }
  if (/^https?:\/\//i.test(target)) {
    try {
      const absolute = new URL(target);
      return new URL(`${origin.origin}${absolute.pathname}${absolute.search}`);
    } catch {
      throw new BadRequest(400, 'Bad request target');
    }
  }
  throw new BadRequest(400, 'Bad request target');
}

/**
 * Reads the whole body, keeping at most `limit` bytes. The rest is read and dropped, so the
 * client finishes sending before it gets an answer and its connection stays usable: answering a
 * client that is still sending, and closing, makes it see a reset instead of the status.
 * @returns {Promise<Buffer | undefined>} undefined when the body is over the limit
 */
export function readBody(req, limit = functionBodyLimit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.once('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks, size)));
    req.once('error', reject);
  });
}

/**
 * A standard Request for a function: method, headers and the body read in full.
 * @param {import('node:http').IncomingMessage} req
 * @param {URL} url
 * @param {Buffer | undefined} body
 */
export function toRequest(req, url, body) {
  const method = (req.method ?? 'GET').toUpperCase();
  // Methods a Request cannot carry, which Netlify does not pass on either.
  if (method === 'CONNECT' || method === 'TRACE' || method === 'TRACK') throw new BadRequest(405, 'Method not allowed');
  const raw = req.rawHeaders;
  const headers = [];
  for (let i = 0; i < raw.length; i += 2) headers.push([raw[i], raw[i + 1]]);
  const withBody = method !== 'GET' && method !== 'HEAD';
  try {
    return new Request(url, { method, headers, ...(withBody && body ? { body } : {}) });
  } catch {
    throw new BadRequest(400, 'Malformed request headers');
  }
}

/**
 * Writes status, headers and body to a Node response, the body streamed with back-pressure.
 * Rejects if the body fails or the client goes away before the end.
 * @param {import('node:http').ServerResponse} res
 * @param {{
 *   status: number,
 *   statusText?: string,
 *   headers: Headers,
 *   extraHeaders?: Record<string, string>,
 *   body: ReadableStream<Uint8Array> | import('node:stream').Readable | Buffer | null,
 * }} answer `extraHeaders` are set after `headers`, over any of the same name
 */
export async function writeResponse(res, { status, statusText, headers, extraHeaders = {}, body }) {
  res.statusCode = status;
  // The status line's reason phrase is the standard one of the code, as Netlify sends it, whatever
  // text the answer carries: a page rendered on demand that sets only its status (400) keeps the
  // "OK" of its default (Astro.response) in statusText.
  res.statusMessage = STATUS_CODES[status] ?? statusText ?? '';
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  const cookies = headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!body) return void res.end();
  if (Buffer.isBuffer(body)) return void res.end(body);
  if (body instanceof ReadableStream) return writeWebStream(body, res);
  await pipeline(body, res);
}

/** Resolves with null on the next turn of the event loop, after pending I/O. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve, null));

/**
 * Copies a web stream to the response. A body that is complete at once (every answer of the
 * contact endpoint) goes out with a Content-Length in one write, headers included; one still
 * being produced is streamed chunk by chunk as it comes.
 */
async function writeWebStream(body, res) {
  const reader = body.getReader();
  try {
    const head = [];
    let size = 0;
    let read = reader.read();
    for (;;) {
      const result = await Promise.race([read, nextTurn()]);
      if (result === null || size > 64 * 1024) break;
      if (result.done) {
        const whole = Buffer.concat(head, size);
        if (!res.hasHeader('transfer-encoding')) res.setHeader('content-length', whole.length);
        return void res.end(whole);
      }
      head.push(result.value);
      size += result.value.byteLength;
      read = reader.read();
    }
    for (const chunk of head) res.write(chunk);
    for (;;) {
      const { done, value } = await read;
      if (done) break;
      if (res.destroyed) throw Object.assign(new Error('client went away'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      // Waits for the client to take more, or to leave (checked on the next chunk).
      if (!res.write(value)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
      read = reader.read();
    }
    res.end();
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
}

/** A web ReadableStream as a Node stream, or null. */
export const nodeStream = (body) => (body ? Readable.fromWeb(body) : null);
