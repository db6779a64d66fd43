/**
 * The page rendered on demand sends the headers netlify.toml gives every file (Netlify adds none
 * to a function's answer): the two lists stay equal.
 */
import { parseAllHeaders } from '@netlify/headers-parser';
import { describe, expect, it } from 'vitest';
import { siteHeaders } from '../../src/security/site-headers';

describe('siteHeaders', () => {
  it("equals netlify.toml's headers for every path", async () => {
    const { headers, errors } = await parseAllHeaders({
      netlifyConfigPath: 'netlify.toml',
      headersFiles: [],
      configHeaders: [],
      minimal: true,
    });
    expect(errors).toEqual([]);
    const everyPath = Object.assign(
      {},
      ...headers.filter((rule) => rule.for === '/*').map((rule) => rule.values),
    ) as Record<string, string>;
    expect(Object.keys(everyPath).length).toBeGreaterThan(0);
    expect(siteHeaders).toEqual(everyPath);
  });
});
