/**
 * The Content Security Policy of every built page, as the server sends it (the server of
 * `npm start`, reading dist/_headers and netlify.toml as Netlify does): its directives, and the
 * hash of every inline script and style the page carries, found with an HTML parser and hashed
 * here, in the directive the browser checks it against. This is the static guarantee that no page
 * breaks under its policy; tests/e2e/templates.spec.ts watches one page of each template run.
 */
import { createHash } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { sonnerStyle } from '../../src/security/csp';
import { reportEndpointName } from '../../src/security/headers';
import { routes } from '../../src/model/routes';
import { builtFiles, routeOf } from '../support/site';
import { all, attribute, readPage, text, type Document } from '../support/html';

const site = inject('site');

/** The address a page is asked for: the site's own not-found page by its file, as Netlify serves it. */
const addressOf = (path: string) => (path === '/404' ? '/404.html' : path);

const headersOf = async (path: string) => (await fetch(new URL(path, site), { method: 'HEAD', redirect: 'manual' })).headers;

/** A policy as its directives, each with its sources. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

/** The sources a browser checks an inline script or style against (the -elem directive, else the general one, else default-src). */
const sourcesFor = (policy: Map<string, string[]>, kind: 'script' | 'style') => policy.get(`${kind}-src-elem`) ?? policy.get(`${kind}-src`) ?? policy.get('default-src') ?? [];

const sha256 = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

/** The inline scripts that run (no `src`; no type, a JavaScript type or a module) and the inline styles of a page. */
function inlineCode(document: Document) {
  const scripts = all('script:not([src])', document).filter((script) => {
    const type = attribute(script, 'type')?.toLowerCase();
    return !type || type === 'module' || type.includes('javascript');
  });
  return { scripts: scripts.map(text), styles: all('style', document).map(text) };
}

const pages = builtFiles().map((file) => ({ path: routeOf(file), file }));
const policies = new Map<string, string>();
async function policyOf(path: string): Promise<string> {
  if (!policies.has(path)) policies.set(path, (await headersOf(addressOf(path))).get('content-security-policy') ?? '');
  return policies.get(path)!;
}

describe("every built page's policy, as served", () => {
  it.each(pages)('$path: the full policy, with the hash of each inline script and style it carries', async ({ path, file }) => {
    const policy = await policyOf(path);
    expect(policy, 'no Content-Security-Policy header').toBeTruthy();
    for (const directive of ["default-src 'none'", "frame-ancestors 'none'", "form-action 'self'", `report-to ${reportEndpointName}`, `report-uri ${routes.cspReportEndpoint}`]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/script-src [^;]*'sha256-/);
    expect(policy).not.toContain('unsafe-inline');

    const document = readPage(file);
    const parsed = directives(policy);
    const { scripts, styles } = inlineCode(document);
    expect(scripts.map(sha256).filter((hash) => !sourcesFor(parsed, 'script').includes(hash)), 'inline scripts whose hash the policy lacks').toEqual([]);
    expect(styles.map(sha256).filter((hash) => !sourcesFor(parsed, 'style').includes(hash)), 'inline styles whose hash the policy lacks').toEqual([]);
    // What no hash can allow: style attributes and event-handler attributes.
    const attributes = all('*', document).flatMap((element) => Object.keys(element.attribs).filter((name) => name === 'style' || /^on[a-z]+$/.test(name)).map((name) => `<${element.name} ${name}>`));
    expect(attributes, 'inline attributes the policy refuses').toEqual([]);
    // The policy is the header's alone: no <meta> copy in the page.
    expect(all('meta[http-equiv="content-security-policy" i]', document)).toEqual([]);
  });

  it("lists sonner's style hashes, and no hash that no page carries", async () => {
    const sonner = sonnerStyle.hashes.map((hash) => `'${hash}'`);
    const carried = new Map(pages.map(({ path, file }) => {
      const { scripts, styles } = inlineCode(readPage(file));
      return [path, new Set([...scripts, ...styles].map(sha256))];
    }));
    const anyPage = new Set([...carried.values()].flatMap((hashes) => [...hashes]));
    for (const { path } of pages) {
      const listed = new Set((await policyOf(path)).match(/'sha256-[^']+'/g) ?? []);
      for (const hash of sonner) expect(listed.has(hash), `${path}: sonner's ${hash}`).toBe(true);
      // A folder's pages share one rule, with the hashes any of them needs; nothing else.
      for (const hash of listed) expect(anyPage.has(hash) || sonner.includes(hash), `${path}: ${hash} that no page carries`).toBe(true);
    }
    // A page at the top has a rule of its own: exactly its hashes and sonner's.
    expect(new Set((await policyOf('/')).match(/'sha256-[^']+'/g))).toEqual(new Set([...carried.get('/')!, ...sonner]));
  });

  it('the header carries the directives a meta tag cannot, and names the report endpoint', async () => {
    const headers = await headersOf('/');
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(headers.get('reporting-endpoints')).toBe(`${reportEndpointName}="${routes.cspReportEndpoint}"`);
  });

  it("/admin keeps its own policy, and no page's", async () => {
    const policy = (await headersOf('/admin')).get('content-security-policy') ?? '';
    expect(policy).toContain("'unsafe-eval'");
    expect(policy).not.toContain(`report-to ${reportEndpointName}`);
  });
});
