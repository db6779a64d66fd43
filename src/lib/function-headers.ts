/**
 * Headers of every answer of the site's own functions (the contact endpoint, the report
 * endpoint). Netlify applies netlify.toml's headers to static files only, so a function sets its
 * own: a Content Security Policy for what the answer is (it loads, runs and frames nothing), no
 * framing, no type sniffing, no referrer (nothing there links out), and never cached.
 */

/** Policy of every answer of a function: it loads, runs and frames nothing. */
export const inertPolicy = "default-src 'none'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

export const functionResponseHeaders = (): Record<string, string> => ({
  'content-security-policy': inertPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});
