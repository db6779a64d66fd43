/**
 * The site's own addresses (src/server/own-address.ts): what the server fetches from and whom it
 * asks about a login come from the configuration, never from the Host a request names.
 */
import { describe, expect, it } from 'vitest';
import { ownOriginOf, ownOrigins } from '../../src/server/own-address';
import { placeholderSiteUrl } from '../../src/model/site-url';

describe("the site's own addresses", () => {
  it("are this deploy's, the preview's, the site's, then the build's, once each, as origins", () => {
    const env = {
      DEPLOY_URL: 'https://abc123--site.netlify.app',
      DEPLOY_PRIME_URL: 'https://deploy-preview-4--site.netlify.app/',
      URL: 'https://www.site.example',
    };
    expect(ownOrigins(env, 'https://www.site.example/')).toEqual([
      'https://abc123--site.netlify.app',
      'https://deploy-preview-4--site.netlify.app',
      'https://www.site.example',
    ]);
  });

  it('leave out what is no address, and the placeholder of a local build', () => {
    expect(ownOrigins({ URL: 'not a url', DEPLOY_URL: 'ftp://x.example' }, placeholderSiteUrl)).toEqual([]);
    expect(ownOrigins({}, undefined)).toEqual([]);
  });

  it("match a request only by its own origin: another Host is none of the site's", () => {
    const origins = ['https://www.site.example'];
    expect(ownOriginOf(new Request('https://www.site.example/admin/render'), origins)).toBe('https://www.site.example');
    expect(ownOriginOf(new Request('https://evil.example/admin/render'), origins)).toBeUndefined();
    expect(ownOriginOf(new Request('http://www.site.example/admin/render'), origins)).toBeUndefined();
  });
});
