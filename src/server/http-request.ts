/**
 * What the site's functions check of a request before they read its body: where it comes from,
 * its media type, and a body read that stops at a size limit. Shared by the contact endpoint
 * (src/contact/request.ts) and the report endpoint (src/security/reports/handler.ts).
 */

/**
 * Whether the request comes from a page of this site, or from a client that sends no Origin.
 * The field-data beacons and the policy's reports take it so: a browser sends some reports
 * without an Origin (`report-uri` posts among them), and a lost beacon or report costs nothing.
 * The contact form asks more (comesFromSite).
 */
export function isSameOrigin(request: Request, extraOrigins: readonly string[] = []): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  const own = new URL(request.url).origin;
  return origin === own || extraOrigins.includes(origin);
}

/**
 * Whether the request carries an Origin, and it is this site's. Every browser sends one with a
 * POST, from a script or a form and from a service worker alike; a request without one comes
 * from a script outside a browser, and is refused like one from another site (decision 0045).
 */
export const comesFromSite = (request: Request, extraOrigins: readonly string[] = []): boolean =>
  request.headers.get('origin') !== null && isSameOrigin(request, extraOrigins);

/**
 * Origins besides a request's own that may post: the production address and the deploy's own
 * (Netlify's URL and DEPLOY_PRIME_URL), so a page on one may post to the other.
 */
export function extraOriginsFrom(env: { URL?: string | undefined; DEPLOY_PRIME_URL?: string | undefined }): string[] {
  return [env.URL, env.DEPLOY_PRIME_URL].filter((origin): origin is string => Boolean(origin));
}

/** The request's media type, lower case, without parameters ("application/json"). */
export const mediaTypeOf = (request: Request): string =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether the request declares a body larger than `limit` bytes (Content-Length). */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = Number(request.headers.get('content-length') ?? '0');
  return Number.isFinite(declared) && declared > limit;
}

/** Reads at most `limit` bytes of the body as UTF-8; undefined when the body is larger. */
export async function readLimited(request: Request, limit: number): Promise<string | undefined> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}
