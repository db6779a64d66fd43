/**
 * The contact page pre-filled without JavaScript. A static page cannot read its query string,
 * so `/contact?topic=…&about=…` is rewritten (netlify.toml) to the contact-prefill function,
 * which takes the built /contact page and returns it with the topic selected, the item named in
 * the hidden `about` field and the message started, exactly as the form's script does in the
 * browser (src/lib/contact/prefill.ts). Every value put into the page is either one of the known
 * ids or HTML-escaped; unknown values leave the page as built.
 */
import { escapeHtml } from '../text';
import { prefillFor, type Prefill, type PrefillTopic } from './prefill';

/** The built page with the form's starting values written in. */
export function prefillContactPage(html: string, prefill: Prefill): string {
  if (!prefill.topic) return html;
  return html
    .replace(/(<select\b[^>]*\bname="topic"[^>]*>)([\s\S]*?)(<\/select>)/, (_all, open: string, options: string, close: string) => {
      const cleared = options.replace(/\s+selected(?:="[^"]*")?/g, '');
      const chosen = cleared.replace(`<option value="${escapeHtml(prefill.topic)}"`, `<option value="${escapeHtml(prefill.topic)}" selected=""`);
      return `${open}${chosen}${close}`;
    })
    .replace(/(<input\b[^>]*\bname="about"[^>]*\bvalue=")[^"]*(")/, (_all, before: string, after: string) => `${before}${escapeHtml(prefill.about)}${after}`)
    .replace(/(<textarea\b[^>]*\bname="message"[^>]*>)[\s\S]*?(<\/textarea>)/, (_all, open: string, close: string) => `${open}${escapeHtml(prefill.message)}${close}`);
}

export interface PrefillPageDependencies {
  /** The built contact page's response (fetched from this site, without a query). */
  fetchPage: (url: URL) => Promise<Response>;
  topics: readonly PrefillTopic[];
  subjects: Readonly<Record<string, string>>;
  items: Readonly<Record<string, string>>;
}

/**
 * `fetchPage`, remembered: the built page does not change while a function instance lives (an
 * instance belongs to one deploy), so it is fetched once, and again only after a failure.
 */
export function rememberPage(fetchPage: (url: URL) => Promise<Response>): (url: URL) => Promise<Response> {
  let kept: Promise<{ body: string; status: number; headers: [string, string][] }> | undefined;
  return async (url) => {
    kept ??= fetchPage(url).then(async (response) => {
      if (!response.ok) throw new Error(`the contact page answered ${response.status}`);
      return { body: await response.text(), status: response.status, headers: [...response.headers] };
    });
    try {
      const { body, status, headers } = await kept;
      return new Response(body, { status, headers });
    } catch (error) {
      kept = undefined;
      throw error;
    }
  };
}

/** Headers of the static page that describe its bytes, which change here. */
const bodyHeaders = ['content-length', 'content-encoding', 'etag', 'last-modified', 'age'];

/**
 * Answers a request for the contact page with a query: the built page, pre-filled, with the
 * static page's own headers (its policy included: the page's scripts and styles are unchanged).
 * The answer depends on the query, so it is not cached by shared caches.
 */
export async function contactPrefillResponse(request: Request, deps: PrefillPageDependencies): Promise<Response> {
  const url = new URL(request.url);
  const plain = new URL('/contact', url.origin);
  // Should the page not come, the visitor still gets the form, without the pre-fill.
  const page = await deps.fetchPage(plain).catch(() => undefined);
  if (!page?.ok) return new Response(null, { status: 302, headers: { location: plain.pathname, 'cache-control': 'no-store' } });
  const prefill = prefillFor(url.search, deps.topics, deps.subjects, deps.items);
  const headers = new Headers(page.headers);
  for (const name of bodyHeaders) headers.delete(name);
  headers.set('cache-control', 'private, no-store');
  headers.set('content-type', 'text/html; charset=utf-8');
  const body = prefillContactPage(await page.text(), prefill);
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
