/**
 * The Content Security Policy as an HTTP header: its directives, where its reports go, and the
 * header rules the build writes for every page (src/security/integration.ts writes them to
 * `dist/_headers`, which Netlify and `npm start` both read).
 *
 * Astro computes each page's policy (the hashes of its scripts and styles, and the directives
 * below) and, with the Netlify adapter's `staticHeaders`, hands it over as a header instead of a
 * `<meta>` tag. A header can carry what a `<meta>` cannot: `frame-ancestors`, and the reporting
 * directives `report-to` (the Reporting API, with the endpoint named in `Reporting-Endpoints`)
 * and `report-uri` (for browsers without it).
 *
 * Astro's policy lists the hashes of every script and style of the whole site, and of its own
 * hydration scripts whether the site uses them or not (the built-in `client:` directives, and the
 * island script of `astro dev`): on every page's answer, that list would push pages near the size
 * of the first round trip past it, a round trip more on a slow link
 * (docs/decisions/0038-content-security-policy-per-page.md). So each page's
 * policy keeps only the hashes of the scripts and styles its HTML carries (`inlineHashes`), and
 * those the site's own scripts add once the page runs, which no HTML carries (`runtimeHashes` of
 * the integration).
 *
 * Header rules match request paths. The rules are grouped: where the pages under a folder have
 * policies that differ only in their hashes, the folder's pages share one `/<folder>/*` rule with
 * every hash any of them needs (`mergedPolicy`), which also covers the folder's not-found pages
 * that Netlify's 404 rules serve at any address in it; so a catalogue of any size stays a few
 * rules. A rule never covers a reserved path: `/admin` has its own policy (netlify.toml), and a
 * browser would enforce both.
 */
import { cspHash } from './csp';
import { htmlElements } from '../text/html-elements';
import { routes } from '../model/routes';

/** The name `report-to` uses for the report endpoint, and `Reporting-Endpoints` defines. */
export const reportEndpointName = 'csp-endpoint';

/** The `Reporting-Endpoints` header of every answer (netlify.toml, src/security/site-headers.ts). */
export const reportingEndpoints = `${reportEndpointName}="${routes.cspReportEndpoint}"`;

/**
 * The policy's directives besides script-src and style-src (which Astro writes with each page's
 * hashes): astro.config.mjs gives them to `security.csp.directives`.
 */
export const policyDirectives = [
  // Nothing is allowed unless a directive below allows it, so a kind of request the site never
  // makes (frames, media, plugins) is refused outright. Workers (the service worker) fall back to
  // script-src.
  "default-src 'none'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The web app manifest (<link rel="manifest">).
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  `report-uri ${routes.cspReportEndpoint}`,
  `report-to ${reportEndpointName}`,
] as const;

/**
 * The policy of every file that is not a page (pictures, documents, scripts): nothing may frame,
 * post from or embed through it. Pages get their full policy besides; a browser enforces both.
 */
export const baselinePolicy = "frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'";

/** The files `svgPolicy` covers: every SVG the site serves, content pictures under /_astro/ included. */
export const svgPaths = '/*.svg';

/**
 * The policy of every SVG file. Opened at its own address an SVG is a document of the site's
 * origin, and a script in it would run there: under this policy none can (`default-src 'none'`
 * with no `script-src`, and `sandbox` without `allow-scripts`, which also gives it an origin of
 * its own), nothing is fetched but its own styles and embedded pictures, and nothing may frame
 * it. The content check refuses an SVG with a script, an event handler, `javascript:` or an
 * external reference before it is published (src/schemas/svg-safety.ts); this is the second
 * guard. A picture shown through `<img>` runs no script and fetches nothing in any case.
 */
export const svgPolicy =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'; sandbox";

/**
 * Headers of every page besides its policy, written into each page rule (and sent by
 * src/middleware.ts with a page rendered on demand): `Cross-Origin-Opener-Policy: same-origin`
 * puts a page in a browsing context group of its own, so a window it opens, or that opened it,
 * on another site cannot reach it through `window.opener`. Not for `/admin`, which no page rule
 * covers: the editor's login opens a window on Netlify's origin (Netlify Identity, or Netlify's
 * OAuth for GitHub) that hands the login back through `window.opener`, which `same-origin`
 * would cut. netlify.toml's `/*` cannot carry it: a second rule for `/admin` would overlap it,
 * and Netlify and its local emulation combine overlapping rules differently.
 */
export const pageHeaders: Readonly<Record<string, string>> = { 'Cross-Origin-Opener-Policy': 'same-origin' };

/** Paths whose policy is not the pages': no page rule may cover them. */
export const reservedPaths = ['/admin'];

export interface HeaderRule {
  for: string;
  values: Record<string, string>;
}

/** A hash source of a policy: `'sha256-…'`. */
const hashSource = /^'sha(?:256|384|512)-[^']+'$/;

/** The hash sources a policy lists, in every directive. */
export const hashSources = (policy: string): string[] => policy.split(/[\s;]+/).filter((word) => hashSource.test(word));

/**
 * The hash sources (`'sha256-…'`) of the inline scripts and styles an HTML page carries, as a
 * browser checks them: the exact text of each `<script>` without `src` that runs (no type, a
 * JavaScript type or a module; not JSON-LD data) and of each `<style>`.
 */
export function inlineHashes(html: string): Set<string> {
  const found = new Set<string>();
  for (const { name, attributes, text } of htmlElements(html, ['script', 'style'])) {
    if (name === 'script') {
      if ('src' in attributes) continue;
      const type = attributes.type?.toLowerCase();
      if (type && type !== 'module' && !type.includes('javascript')) continue;
    }
    found.add(`'${cspHash(text)}'`);
  }
  return found;
}

/** The policy with only the hash sources in `keep`; its other sources and directives unchanged. */
export function policyWithHashes(policy: string, keep: ReadonlySet<string>): string {
  return policy
    .split(';')
    .map((directive) => {
      const words = directive.trim().split(/\s+/).filter(Boolean);
      return words.filter((word) => !hashSource.test(word) || keep.has(word)).join(' ');
    })
    .filter(Boolean)
    .join(';');
}

/**
 * One policy for pages whose policies differ only in their hashes: each directive with every hash
 * any of them lists, in the order first listed (pages that share a policy keep it as it is).
 * Undefined when they differ in anything else, so that no page is given a directive meant for
 * another.
 */
export function mergedPolicy(policies: readonly string[]): string | undefined {
  if (new Set(policies).size === 1) return policies[0];
  const parsed = policies.map((policy) =>
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/).filter(Boolean))
      .filter((words) => words.length > 0),
  );
  const shape = (directives: string[][]) =>
    JSON.stringify(directives.map((words) => words.filter((word) => !hashSource.test(word))));
  const [first, ...rest] = parsed;
  if (!first || rest.some((directives) => shape(directives) !== shape(first))) return undefined;
  return first
    .map((words, i) => {
      const hashes = new Set(parsed.flatMap((directives) => directives[i]!.filter((word) => hashSource.test(word))));
      return [...words.filter((word) => !hashSource.test(word)), ...hashes].join(' ');
    })
    .join(';');
}

interface Folder {
  policy?: string | undefined;
  children: Map<string, Folder>;
}

/** "/about.html", "/index", "/about/" -> the address a visitor types: "/about", "/". */
function visitorPath(path: string): string {
  const trimmed = path
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '$1')
    .replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

/** A page's own rules: its address, and its file's (`/about.html`, `/index.html` for `/`). */
const pageRules = (path: string, policy: string): HeaderRule[] => [
  { for: path, values: { 'Content-Security-Policy': policy, ...pageHeaders } },
  { for: path === '/' ? '/index.html' : `${path}.html`, values: { 'Content-Security-Policy': policy, ...pageHeaders } },
];

/**
 * The header rules that give each page its policy, grouped by folder where the policies under it
 * differ only in their hashes (`mergedPolicy`), never covering `reserved` paths (nor the root as a
 * whole, since `/admin` is there).
 * `policies` maps each page's path ("/", "/about", "/products/pigments") to its policy.
 */
export function pagePolicyRules(
  policies: ReadonlyMap<string, string>,
  reserved: readonly string[] = reservedPaths,
): HeaderRule[] {
  const root: Folder = { children: new Map() };
  for (const [rawPath, policy] of policies) {
    const path = visitorPath(rawPath);
    let folder = root;
    for (const segment of path.split('/').filter(Boolean)) {
      if (!folder.children.has(segment)) folder.children.set(segment, { children: new Map() });
      folder = folder.children.get(segment)!;
    }
    folder.policy = policy;
  }
  const policiesIn = (folder: Folder, found = new Set<string>()): Set<string> => {
    if (folder.policy !== undefined) found.add(folder.policy);
    for (const child of folder.children.values()) policiesIn(child, found);
    return found;
  };
  const holdsReserved = (prefix: string) =>
    prefix === '' || reserved.some((r) => r === prefix || r.startsWith(`${prefix}/`));

  const rules: HeaderRule[] = [];
  const walk = (prefix: string, folder: Folder) => {
    const policy =
      folder.children.size > 0 && !holdsReserved(prefix) ? mergedPolicy([...policiesIn(folder)]) : undefined;
    if (policy !== undefined) {
      if (folder.policy !== undefined) rules.push(...pageRules(prefix, policy));
      rules.push({ for: `${prefix}/*`, values: { 'Content-Security-Policy': policy, ...pageHeaders } });
      return;
    }
    if (folder.policy !== undefined) rules.push(...pageRules(prefix || '/', folder.policy));
    for (const [segment, child] of [...folder.children].sort(([a], [b]) => a.localeCompare(b)))
      walk(`${prefix}/${segment}`, child);
  };
  walk('', root);
  return rules;
}

/**
 * The `_headers` file: the baseline policy for every path first, then every SVG's
 * (`svgPolicy`), then the pages' rules, so that
 * where rules override one another (Netlify's local emulation) a page's own policy is the one
 * sent, and where they add up (a browser enforces every policy it gets) the baseline asks for
 * nothing a page's policy does not.
 */
export function headersFile(rules: readonly HeaderRule[]): string {
  const all: HeaderRule[] = [
    { for: '/*', values: { 'Content-Security-Policy': baselinePolicy } },
    { for: svgPaths, values: { 'Content-Security-Policy': svgPolicy } },
    ...rules,
  ];
  const lines = [
    '# Written by the build (src/security/integration.ts, src/security/headers.ts): the Content',
    "# Security Policy of every page, as Astro computed it. netlify.toml's headers come on top.",
  ];
  for (const rule of all) {
    lines.push(rule.for);
    for (const [name, value] of Object.entries(rule.values)) lines.push(`  ${name}: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The Netlify adapter's deploy configuration (`.netlify/v1/config.json`) without the page
 * policies it also writes there when `staticHeaders` is on: `_headers` carries them, grouped,
 * and with both Netlify would send each page's policy twice, so every violation would be reported
 * twice. Its other headers (the cache rule of /_astro/*) stay.
 */
export function withoutPagePolicies(config: {
  headers?: HeaderRule[] | undefined;
  [key: string]: unknown;
}): typeof config {
  if (!config.headers) return config;
  const headers = config.headers
    .map((rule) => ({
      ...rule,
      values: Object.fromEntries(
        Object.entries(rule.values).filter(([name]) => name.toLowerCase() !== 'content-security-policy'),
      ),
    }))
    .filter((rule) => Object.keys(rule.values).length > 0);
  return { ...config, headers };
}
