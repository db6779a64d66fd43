/**
 * The headers netlify.toml gives every file of the site (`for = "/*"`). Netlify applies them to
 * files only, not to what a function answers, so the page rendered on demand sends them itself
 * from here. netlify.toml cannot import this module; tests/unit/site-headers.test.ts keeps the
 * two equal.
 */
export const siteHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'X-Frame-Options': 'DENY',
  // The parts of the Content Security Policy a <meta> tag cannot carry; script-src and style-src
  // come from Astro's per-page <meta> (security.csp in astro.config.mjs).
  'Content-Security-Policy': "frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'",
};
