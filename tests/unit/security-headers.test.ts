/**
 * The Content Security Policy as a header: each page's policy keeps only the hashes of what it
 * carries; the rules the build writes to dist/_headers give every page its policy, grouped by
 * folder where the folder's policies differ only in their hashes, never reach
 * /admin, and are read by Netlify's own parser together with netlify.toml. Every path is checked
 * both ways Netlify may combine rules that match one path: the later rule's value wins (the local
 * emulation) or every value is sent (a browser then enforces every policy).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { afterAll, describe, expect, it } from 'vitest';
import {
  baselinePolicy,
  headersFile,
  svgPolicy,
  inlineHashes,
  mergedPolicy,
  pagePolicyRules,
  policyWithHashes,
  policyDirectives,
  reportEndpointName,
  reportingEndpoints,
  withoutPagePolicies,
  type HeaderRule,
} from '../../src/security/headers';
import { siteHeaders } from '../../src/security/site-headers';
import { routes } from '../../src/model/routes';

import { cspHash } from '../../src/security/csp';

const site = "default-src 'self'; script-src 'self' 'sha256-site'";
// Another directive, not only another hash: never merged with the site's.
const other = "default-src 'none'; script-src 'self' 'sha256-other'";
// Only another hash: merged with the site's where they share a folder.
const guide = "default-src 'self'; script-src 'self' 'sha256-guide'";

const pages = new Map([
  ['/', site],
  ['/about', site],
  ['/404', site],
  ['/products', site],
  ['/products/pigments', site],
  ['/products/pigments/red-9', site],
  ['/products/pigments/404', site],
  ['/products/404', site],
  ['/contact', site],
  ['/contact/thanks', site],
  ['/legal', site],
  ['/legal/terms', other],
  ['/legal/privacy', site],
  ['/guides/dyeing', site],
  ['/guides/printing', guide],
  ['/guides/404', site],
]);

const folder = mkdtempSync(join(tmpdir(), 'security-headers-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The rules Netlify reads for the site: netlify.toml with the built _headers file. */
async function netlifyRules(policies: ReadonlyMap<string, string>) {
  const file = join(folder, '_headers');
  writeFileSync(file, headersFile(pagePolicyRules(policies)));
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [file],
    netlifyConfigPath: 'netlify.toml',
    configHeaders: [],
    minimal: false,
  });
  expect(errors).toEqual([]);
  return headers as unknown as { for: string; forRegExp: RegExp; values: Record<string, string> }[];
}

/** The policies a path gets: the last matching rule's (`override`) or every matching rule's. */
function policiesFor(rules: Awaited<ReturnType<typeof netlifyRules>>, path: string) {
  const matching = rules
    .filter((rule) => rule.forRegExp.test(path))
    .flatMap((rule) =>
      Object.entries(rule.values)
        .filter(([name]) => name.toLowerCase() === 'content-security-policy')
        .map(([, value]) => value),
    );
  return { override: matching.at(-1), all: matching };
}

describe("a page's hashes", () => {
  it('are those of the scripts that run and the styles it carries, as the browser hashes them', () => {
    const html = [
      '<html><head><style>a{color:red}</style><script>one()</script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script src="/_astro/page.js" type="module"></script></head>',
      '<body><script type="module">two()</script><script type="text/javascript">three()</script></body></html>',
    ].join('');
    expect(inlineHashes(html)).toEqual(
      new Set(['a{color:red}', 'one()', 'two()', 'three()'].map((text) => `'${cspHash(text)}'`)),
    );
    expect(inlineHashes('<p>no script</p>')).toEqual(new Set());
  });

  it('cut a policy down to the hashes kept, leaving every other source and directive as it was', () => {
    const policy =
      "default-src 'none';img-src 'self' data:;script-src 'self' 'wasm-unsafe-eval' 'sha256-a' 'sha256-b' 'sha256-c';style-src 'self' 'sha256-d';";
    expect(policyWithHashes(policy, new Set(["'sha256-b'"]))).toBe(
      "default-src 'none';img-src 'self' data:;script-src 'self' 'wasm-unsafe-eval' 'sha256-b';style-src 'self'",
    );
    expect(policyWithHashes(policy, new Set(["'sha256-a'", "'sha256-b'", "'sha256-c'", "'sha256-d'"]))).toBe(
      policy.replace(/;$/, ''),
    );
  });

  it('merge into one policy with every hash only where the policies differ in nothing else', () => {
    expect(mergedPolicy([site, guide, site])).toBe("default-src 'self';script-src 'self' 'sha256-site' 'sha256-guide'");
    expect(mergedPolicy([site, site])).toBe(site);
    expect(mergedPolicy([site, other])).toBeUndefined();
    expect(mergedPolicy([site, "default-src 'self'; script-src 'self' 'unsafe-eval' 'sha256-site'"])).toBeUndefined();
    expect(mergedPolicy([])).toBeUndefined();
  });
});

describe('pagePolicyRules', () => {
  it('groups a folder whose policies differ only in hashes, and splits one whose policies differ in more', () => {
    const rules = pagePolicyRules(pages).map((rule) => rule.for);
    expect(rules).toContain('/products/*');
    expect(rules).toContain('/contact/*');
    expect(rules).not.toContain('/legal/*');
    expect(rules).toEqual(expect.arrayContaining(['/legal', '/legal/terms', '/legal/privacy', '/legal/terms.html']));
    // The root is never one group: /admin lives there with a policy of its own.
    expect(rules).not.toContain('/*');
    expect(rules).toEqual(expect.arrayContaining(['/', '/index.html', '/about', '/about.html', '/404', '/404.html']));
    // Far fewer rules than pages and files: the products folder is one rule.
    expect(rules.filter((path) => path.startsWith('/products/'))).toEqual(['/products/*']);
    // The guides differ only in a hash: one rule, which allows the scripts of both.
    expect(rules.filter((path) => path.startsWith('/guides'))).toEqual(['/guides/*']);
    expect(pagePolicyRules(pages).find((rule) => rule.for === '/guides/*')?.values['Content-Security-Policy']).toBe(
      mergedPolicy([site, guide]),
    );
  });

  it('never covers a reserved path, however its neighbours are grouped', () => {
    const withTools = new Map([...pages, ['/tools/a', site], ['/tools/b', site]]);
    expect(pagePolicyRules(withTools, ['/tools/admin']).map((r) => r.for)).not.toContain('/tools/*');
    expect(pagePolicyRules(withTools, ['/admin']).map((r) => r.for)).toContain('/tools/*');
  });

  it('takes a built file or a visitor path alike', () => {
    const rules = pagePolicyRules(
      new Map([
        ['/index.html', site],
        ['/about.html', site],
      ]),
    ).map((r) => r.for);
    expect(rules).toEqual(['/', '/index.html', '/about', '/about.html']);
  });
});

describe('the headers Netlify sends, from netlify.toml and the built _headers', () => {
  it('give each page, its file and every address its folder rule covers its own policy, however rules combine', async () => {
    const rules = await netlifyRules(pages);
    const expected: [string, string][] = [
      ['/', site],
      ['/index.html', site],
      ['/about', site],
      ['/about.html', site],
      ['/products/pigments/red-9', site],
      // A missing item: Netlify's 404 rule serves the category's not-found page at this address.
      ['/products/pigments/no-such-item', site],
      ['/legal/terms', other],
      ['/legal/privacy', site],
      ['/guides/printing', mergedPolicy([site, guide])!],
      ['/guides/no-such-guide', mergedPolicy([site, guide])!],
    ];
    for (const [path, policy] of expected) {
      const got = policiesFor(rules, path);
      expect(got.override, path).toBe(policy);
      // Where every matching value is sent, the page's policy comes with the baseline only.
      expect(new Set(got.all), path).toEqual(new Set([baselinePolicy, policy]));
    }
  });

  it("leave /admin its own policy, with the baseline, and no page's", async () => {
    const rules = await netlifyRules(pages);
    for (const path of ['/admin', '/admin/config.yml', '/admin/decap-cms.js']) {
      const got = policiesFor(rules, path);
      expect(got.override, path).toMatch(/script-src 'self' 'unsafe-eval'/);
      // (netlify.toml gives /admin and /admin/* the same policy.)
      expect(new Set(got.all.filter((p) => p !== baselinePolicy)), path).toEqual(new Set([got.override]));
    }
  });

  it('give every SVG a policy under which no script runs, however rules combine', async () => {
    const rules = await netlifyRules(pages);
    for (const path of ['/favicon.svg', '/_astro/gots.Dm3bWAXM.svg', '/logos/ISO-9001.SVG']) {
      const got = policiesFor(rules, path);
      expect(got.override, path).toBe(svgPolicy);
      expect(new Set(got.all), path).toEqual(new Set([baselinePolicy, svgPolicy]));
    }
    const directives = new Map(
      svgPolicy.split(';').map((d) => [d.trim().split(/\s+/)[0]!, d.trim().split(/\s+/).slice(1)] as const),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.has('script-src')).toBe(false);
    expect(directives.get('sandbox')).toEqual([]);
  });

  it('give every other file the baseline policy only', async () => {
    const rules = await netlifyRules(pages);
    for (const path of ['/documents/pigments/sheet.pdf', '/_astro/page.js', '/sw.js', '/_astro/photo.svg.webp']) {
      expect(policiesFor(rules, path).all, path).toEqual([baselinePolicy]);
    }
  });

  it('name the report endpoint on every answer, as the policy names it', async () => {
    const rules = await netlifyRules(pages);
    const everyPath = Object.assign(
      {},
      ...rules.filter((rule) => rule.for === '/*').map((rule) => rule.values),
    ) as Record<string, string>;
    expect(everyPath['Reporting-Endpoints']).toBe(reportingEndpoints);
    expect(siteHeaders['Reporting-Endpoints']).toBe(`${reportEndpointName}="${routes.cspReportEndpoint}"`);
    expect(policyDirectives).toContain(`report-to ${reportEndpointName}`);
    expect(policyDirectives).toContain(`report-uri ${routes.cspReportEndpoint}`);
    expect(policyDirectives).toContain("frame-ancestors 'none'");
    // MDN's HTTP Observatory gives its best Content Security Policy score for default-src 'none' alone.
    expect(policyDirectives).toContain("default-src 'none'");
    expect(policyDirectives.join(';')).not.toContain('unsafe-inline');
  });
});

describe('withoutPagePolicies', () => {
  it("takes the adapter's copies of the page policies out of the deploy configuration, and nothing else", () => {
    const config: { images: unknown; headers: HeaderRule[] } = {
      images: { remote_images: [] },
      headers: [
        { for: '/_astro/*', values: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
        { for: '/about', values: { 'Content-Security-Policy': site } },
        { for: '/', values: { 'content-security-policy': site, 'X-Extra': '1' } },
      ],
    };
    expect(withoutPagePolicies(config)).toEqual({
      images: { remote_images: [] },
      headers: [
        { for: '/_astro/*', values: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
        { for: '/', values: { 'X-Extra': '1' } },
      ],
    });
  });
});
