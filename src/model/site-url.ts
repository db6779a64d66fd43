/**
 * The public address a build writes into canonical URLs, the sitemap, Open Graph tags and
 * structured data. Netlify tells a build where it will be served through its environment
 * (CONTEXT, URL, DEPLOY_PRIME_URL); a local build has no address and uses a placeholder.
 */

/** Used only by builds that run neither on Netlify nor with SITE_URL: local checks and tests. */
export const placeholderSiteUrl = 'https://www.example.com';

export interface SiteUrlEnvironment {
  /** The address chosen by the team, e.g. a custom domain. */
  SITE_URL?: string | undefined;
  /** Netlify's deploy context: "production", "deploy-preview", "branch-deploy"... */
  CONTEXT?: string | undefined;
  /** Netlify: the site's main address (custom domain, else the netlify.app one). */
  URL?: string | undefined;
  /** Netlify: the address of this very deploy (a preview's own address). */
  DEPLOY_PRIME_URL?: string | undefined;
}

const present = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

/**
 * Previews and branch deploys name their own address, so what a reviewer shares or a crawler
 * finds there never claims to be the public site. Production uses SITE_URL when the team set one,
 * else Netlify's URL. Anything else (a local build) uses SITE_URL or the placeholder.
 */
export function siteUrl(env: SiteUrlEnvironment): string {
  const context = present(env.CONTEXT);
  const chosen =
    context && context !== 'production' && context !== 'dev' && present(env.DEPLOY_PRIME_URL)
      ? present(env.DEPLOY_PRIME_URL)
      : (present(env.SITE_URL) ?? (context === 'production' ? present(env.URL) : undefined));
  if (!chosen) return placeholderSiteUrl;
  let url: URL;
  try {
    url = new URL(chosen);
  } catch {
    throw new Error(`Site address "${chosen}" is not a URL; set SITE_URL to e.g. https://www.your-company.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`Site address "${chosen}" must start with https://`);
  }
  // Astro joins paths onto the origin; a trailing slash would give "//about".
  return url.origin + url.pathname.replace(/\/+$/, '');
}
