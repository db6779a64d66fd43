/**
 * Which requests count as the site's own (src/server/http-request.ts): the contact form needs the
 * site's Origin (decision 0045); the field data and the policy's reports also take a request with
 * none, which browsers send with some reports.
 */
import { describe, expect, it } from 'vitest';
import { comesFromSite, isSameOrigin } from '../../../src/server/http-request';

const request = (origin?: string) =>
  new Request('https://www.example.com/api/x', { method: 'POST', headers: origin === undefined ? {} : { origin } });
const preview = 'https://deploy-preview-7--site.netlify.app';

describe('the origin of a request', () => {
  it("the contact form's check: the site's Origin, or one of the extra ones; never none", () => {
    expect(comesFromSite(request('https://www.example.com'))).toBe(true);
    expect(comesFromSite(request(preview), [preview])).toBe(true);
    expect(comesFromSite(request())).toBe(false);
    expect(comesFromSite(request('null'))).toBe(false);
    expect(comesFromSite(request('https://evil.example.net'))).toBe(false);
    expect(comesFromSite(request(preview))).toBe(false);
  });

  it('the check of beacons and reports: a request without an Origin passes, another site does not', () => {
    expect(isSameOrigin(request())).toBe(true);
    expect(isSameOrigin(request('https://www.example.com'))).toBe(true);
    expect(isSameOrigin(request('https://evil.example.net'))).toBe(false);
  });
});
