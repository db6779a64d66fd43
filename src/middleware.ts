/**
 * The answers of the pages rendered on demand (src/pages/contact/form.astro and
 * src/pages/[...missing].astro) carry the headers netlify.toml gives every file: Netlify adds them
 * to files only, not to what a function answers. Astro sends an on-demand page's policy (script-src,
 * style-src: security.csp) as a header; the site's own directives that a <meta> cannot carry
 * (frame-ancestors, form-action) go beside it as a second policy, and a browser enforces both.
 * Prerendered pages are left alone: Netlify serves them with netlify.toml's headers.
 */
import { defineMiddleware } from 'astro:middleware';
import { siteHeaders } from './lib/site-headers';
import { renderPath, renderPolicy } from './lib/preview/address';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  for (const [name, value] of Object.entries(siteHeaders)) {
    if (name.toLowerCase() === 'content-security-policy') response.headers.append(name, value);
    else response.headers.set(name, value);
  }
  // /admin's preview renderer: its answers are sandboxed too (src/lib/preview/address.ts).
  if (context.url.pathname === renderPath) response.headers.append('Content-Security-Policy', renderPolicy);
  return response;
});
