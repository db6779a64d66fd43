/**
 * The site's own addresses, as configured, never as a request names them: Netlify gives functions
 * this deploy's address (`DEPLOY_URL`), its branch or preview address (`DEPLOY_PRIME_URL`) and the
 * site's main one (`URL`); `npm start`'s server sets `DEPLOY_URL` to itself; the build's configured
 * address (Astro's `site`, src/model/site-url.ts) comes last. A request's Host is the visitor's
 * to choose, so what the server fetches, and whom it asks about a login, is one of these
 * (docs/decisions/0069-the-site-reads-its-own-address.md).
 */
import { placeholderSiteUrl } from '../model/site-url';

export function ownOrigins(
  env: Record<string, string | undefined> = process.env,
  built: string | undefined = import.meta.env?.SITE,
): string[] {
  const origins: string[] = [];
  for (const value of [env['DEPLOY_URL'], env['DEPLOY_PRIME_URL'], env['URL'], built]) {
    if (!value?.trim() || value.trim() === placeholderSiteUrl) continue;
    try {
      const url = new URL(value.trim());
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !origins.includes(url.origin))
        origins.push(url.origin);
    } catch {
      // Not an address: the next one.
    }
  }
  return origins;
}

/** The configured origin a request came to, or undefined when it names a host the site does not have. */
export const ownOriginOf = (request: Request, origins: readonly string[] = ownOrigins()): string | undefined => {
  const { origin } = new URL(request.url);
  return origins.find((own) => own === origin);
};
