/**
 * Headers of every answer of the site's own functions (the contact endpoint, the report and
 * field-data endpoints). Netlify applies netlify.toml's headers to static files only, so a function sets its
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

/**
 * An answer of the report and field-data endpoints: empty, or the reason of a refusal as JSON
 * (`{ "error": "..." }`), with the functions' own headers and any given.
 */
export const functionAnswer = (status: number, error?: string, headers: Record<string, string> = {}) =>
  error === undefined
    ? new Response(null, { status, headers: { ...functionResponseHeaders(), ...headers } })
    : new Response(JSON.stringify({ error }), {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...functionResponseHeaders(), ...headers },
      });
