/**
 * The answers of the pages rendered on demand (the contact page with a query, /search with a
 * query, the not-found page of unknown paths) carry the headers netlify.toml gives every file:
 * Netlify adds them to files only, not to what a function answers. Their Content Security Policy
 * is Astro's own header, with the same directives as every prerendered page's
 * (src/security/headers.ts), and they carry the pages' other headers (`pageHeaders`, there too).
 * Prerendered pages are left alone: Netlify serves them with
 * netlify.toml's and dist/_headers' headers.
 */
import { defineMiddleware } from 'astro:middleware';
import { siteHeaders } from './security/site-headers';
import { pageHeaders } from './security/headers';
import { renderPath, renderPolicy } from './cms/render/address';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  for (const [name, value] of Object.entries({ ...siteHeaders, ...pageHeaders })) response.headers.set(name, value);
  // /admin's preview renderer: its answers are sandboxed too (src/cms/render/address.ts).
  if (context.url.pathname === renderPath) response.headers.append('Content-Security-Policy', renderPolicy);
  return response;
});
