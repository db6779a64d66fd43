import { describe, expect, it } from 'vitest';
import { placeholderSiteUrl, siteUrl } from '../../src/model/site-url';

const netlify = {
  URL: 'https://acme-textiles.netlify.app',
  DEPLOY_PRIME_URL: 'https://deploy-preview-7--acme-textiles.netlify.app',
};

describe('the address a build names', () => {
  it('is SITE_URL when set, on production', () => {
    expect(siteUrl({ ...netlify, CONTEXT: 'production', SITE_URL: 'https://www.acme.co.th' })).toBe(
      'https://www.acme.co.th',
    );
  });

  it("is Netlify's URL on production without SITE_URL", () => {
    expect(siteUrl({ ...netlify, CONTEXT: 'production' })).toBe('https://acme-textiles.netlify.app');
    expect(siteUrl({ ...netlify, CONTEXT: 'production', SITE_URL: '  ' })).toBe('https://acme-textiles.netlify.app');
  });

  it('is the deploy’s own address on deploy previews and branch deploys, SITE_URL or not', () => {
    for (const CONTEXT of ['deploy-preview', 'branch-deploy']) {
      expect(siteUrl({ ...netlify, CONTEXT })).toBe(netlify.DEPLOY_PRIME_URL);
      expect(siteUrl({ ...netlify, CONTEXT, SITE_URL: 'https://www.acme.co.th' })).toBe(netlify.DEPLOY_PRIME_URL);
    }
  });

  it('falls back to the placeholder only for local builds', () => {
    expect(siteUrl({})).toBe(placeholderSiteUrl);
    expect(siteUrl({ URL: netlify.URL })).toBe(placeholderSiteUrl);
    expect(siteUrl({ SITE_URL: 'http://localhost:4321' })).toBe('http://localhost:4321');
  });

  it('drops a trailing slash and refuses what is not a web address', () => {
    expect(siteUrl({ SITE_URL: 'https://www.acme.co.th/' })).toBe('https://www.acme.co.th');
    expect(() => siteUrl({ SITE_URL: 'www.acme.co.th' })).toThrow(/not a URL/);
    expect(() => siteUrl({ SITE_URL: 'ftp://acme.co.th' })).toThrow(/https/);
  });
});
