/**
 * The report endpoint of the Content Security Policy: both formats browsers send read into one
 * shape (what is kept, what is dropped of the visitor), the body cap, de-duplication per day with
 * a count, the day's cap on distinct entries, the old days' deletion, and every refusal, against a
 * real local Blobs server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryBlobs } from '../support/memory-blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore, type Store } from '@netlify/blobs';
import { keptAddress, parseReports, reportLimits, type CspViolation } from '../../src/security/reports/parse';
import {
  blobsReportStore,
  pagePath,
  readBuiltPages,
  reportStoreLimits,
  type ReportStore,
} from '../../src/security/reports/store';
import { handleCspReport } from '../../src/security/reports/handler';
import { routes } from '../../src/model/routes';

const site = 'https://www.example.com';
const policy = "default-src 'self'; script-src 'self' 'sha256-abc'; report-to csp-endpoint";

/** A Reporting API batch as Chromium sends it. */
const reportingBatch = (overrides: Record<string, unknown> = {}) => [
  {
    age: 12,
    type: 'csp-violation',
    url: `${site}/products/pigments?q=secret#top`,
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0',
    body: {
      blockedURL: 'inline',
      columnNumber: 39,
      disposition: 'enforce',
      documentURL: `${site}/products/pigments?q=secret#top`,
      effectiveDirective: 'script-src-elem',
      lineNumber: 12,
      originalPolicy: policy,
      referrer: 'https://search.example.net/?q=who',
      sample: 'alert(1)',
      sourceFile: `${site}/products/pigments?q=secret`,
      statusCode: 200,
      ...overrides,
    },
  },
];

/** A report-uri report as Firefox sends it. */
const legacyReport = (overrides: Record<string, unknown> = {}) => ({
  'csp-report': {
    'blocked-uri': 'https://cdn.example.net/tracker.js?visitor=42',
    'document-uri': `${site}/contact?topic=samples`,
    'effective-directive': 'script-src-elem',
    'original-policy': policy,
    referrer: '',
    'script-sample': '',
    'source-file': `${site}/contact`,
    'status-code': 200,
    'violated-directive': 'script-src-elem',
    'line-number': 3,
    'column-number': 1,
    disposition: 'enforce',
    ...overrides,
  },
});

describe('parseReports', () => {
  it('reads a Reporting API batch, keeping what was blocked and where, not who', () => {
    const result = parseReports(JSON.stringify(reportingBatch()), 'reports+json', [site]);
    expect(result).toEqual({
      ok: true,
      ignored: 0,
      violations: [
        {
          directive: 'script-src-elem',
          blocked: 'inline',
          page: '/products/pigments',
          source: '/products/pigments',
          line: 12,
          column: 39,
          sample: 'alert(1)',
          disposition: 'enforce',
          format: 'reports+json',
        },
      ],
    });
    // Nothing of the visitor: no query, referrer, user agent or policy text.
    const kept = JSON.stringify(result);
    for (const dropped of ['secret', 'search.example.net', 'Chrome/140', "'sha256-abc'"])
      expect(kept).not.toContain(dropped);
  });

  it('reads a report-uri report, with the violated directive when no effective one is given', () => {
    const result = parseReports(
      JSON.stringify(
        legacyReport({ 'effective-directive': undefined, 'violated-directive': 'script-src-elem https:' }),
      ),
      'csp-report',
      [site],
    );
    expect(result).toEqual({
      ok: true,
      ignored: 0,
      violations: [
        {
          directive: 'script-src-elem',
          blocked: 'https://cdn.example.net/tracker.js',
          page: '/contact',
          source: '/contact',
          line: 3,
          column: 1,
          sample: '',
          disposition: 'enforce',
          format: 'csp-report',
        },
      ],
    });
  });

  it('ignores reports of other types and entries without a directive or page, and bounds a batch', () => {
    const other = { type: 'deprecation', url: site, body: { id: 'x', message: 'old' } };
    const noDirective = reportingBatch({ effectiveDirective: '' })[0];
    const result = parseReports(JSON.stringify([other, noDirective, ...reportingBatch()]), 'reports+json', [site]);
    expect(result.ok && result.violations.length).toBe(1);
    expect(result.ok && result.ignored).toBe(2);
    const many = Array.from(
      { length: reportLimits.perRequest + 5 },
      (_, i) => reportingBatch({ lineNumber: i + 1 })[0],
    );
    const bounded = parseReports(JSON.stringify(many), 'reports+json', [site]);
    expect(bounded.ok && bounded.violations.length).toBe(reportLimits.perRequest);
    expect(bounded.ok && bounded.ignored).toBe(5);
  });

  it('refuses bodies of the wrong shape', () => {
    expect(parseReports('{"csp-report":', 'csp-report', [site])).toMatchObject({ ok: false });
    expect(parseReports(JSON.stringify(legacyReport()), 'reports+json', [site])).toMatchObject({ ok: false });
    expect(parseReports(JSON.stringify(reportingBatch()), 'csp-report', [site])).toMatchObject({ ok: false });
  });

  it('keeps an address as a path here, an origin and path elsewhere, a scheme for the rest, each bounded', () => {
    expect(keptAddress(`${site}/about?x=1#y`, [site])).toBe('/about');
    expect(keptAddress('https://other.example.net/a/b.js?v=2', [site])).toBe('https://other.example.net/a/b.js');
    expect(keptAddress('chrome-extension://abcdefghijklmnop/inject.js', [site])).toBe('chrome-extension:');
    expect(keptAddress('data', [site])).toBe('data:');
    expect(keptAddress('blob:https://www.example.com/1234', [site])).toBe('blob:');
    expect(keptAddress('EVAL', [site])).toBe('eval');
    expect(keptAddress('', [site])).toBe('');
    expect(keptAddress(`${site}/${'a'.repeat(1000)}`, [site])).toHaveLength(reportLimits.addressChars);
    // Invisible format characters cannot disguise what is listed.
    expect(keptAddress(`${site}/ab\u200Bout`, [site])).toBe('/ab out');
  });

  it('bounds the sample and strips control characters from it', () => {
    const result = parseReports(
      JSON.stringify(reportingBatch({ sample: `a\u0000b\u202E${'x'.repeat(200)}` })),
      'reports+json',
      [site],
    );
    const sample = result.ok ? result.violations[0]!.sample : '';
    expect(sample.startsWith('a b x')).toBe(true);
    expect(sample).toHaveLength(reportLimits.sampleChars);
  });
});

let directory: string;
let server: BlobsServer;
let blobs: Store;
beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'csp-reports-'));
  server = new BlobsServer({ directory, token: 't', port: 0 });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  blobs = getStore({
    name: 'csp-reports',
    siteID: '0',
    token: 't',
    edgeURL: url,
    uncachedEdgeURL: url,
    consistency: 'strong',
  });
});
afterEach(async () => {
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
});

const violation = (overrides: Partial<CspViolation> = {}): CspViolation => ({
  directive: 'script-src-elem',
  blocked: 'inline',
  page: '/about',
  source: '/about',
  line: 4,
  column: 2,
  sample: '',
  disposition: 'enforce',
  format: 'reports+json',
  ...overrides,
});

describe('the report store', () => {
  it('keeps a violation once a day and counts its repeats', async () => {
    const store = blobsReportStore(blobs);
    const day = new Date('2026-11-22T10:00:00Z');
    expect(await store.keep(violation(), day)).toBe('new');
    expect(await store.keep(violation(), new Date('2026-11-22T11:00:00Z'))).toBe('repeat');
    // The format it came in does not make it another violation.
    expect(await store.keep(violation({ format: 'csp-report' }), new Date('2026-11-22T12:00:00Z'))).toBe('repeat');
    expect(await store.keep(violation({ page: '/careers' }), day)).toBe('new');
    expect(await store.keep(violation(), new Date('2026-11-23T09:00:00Z'))).toBe('new');
    const listed = await store.list();
    // Newest day first.
    expect(listed.map((r) => r.day)).toEqual(['2026-11-23', '2026-11-22', '2026-11-22']);
    expect(listed.map((r) => [r.day, r.page, r.count]).sort()).toEqual([
      ['2026-11-22', '/about', 3],
      ['2026-11-22', '/careers', 1],
      ['2026-11-23', '/about', 1],
    ]);
    const about = listed.find((r) => r.day === '2026-11-22' && r.page === '/about')!;
    expect(about).toMatchObject({ firstSeen: '2026-11-22T10:00:00.000Z', lastSeen: '2026-11-22T12:00:00.000Z' });
    expect((await store.list({ since: '2026-11-23' })).map((r) => r.day)).toEqual(['2026-11-23']);
  });

  it('a flood of one directive on one page fills its own slots and leaves slots for other pages and directives', async () => {
    const store = blobsReportStore(blobs, { ...reportStoreLimits, perPage: 3, pagesPerDirective: 4 });
    const day = new Date('2026-11-22T10:00:00Z');
    const outcomes = [];
    for (let line = 1; line <= 30; line++) outcomes.push(await store.keep(violation({ line }), day));
    expect(outcomes.filter((o) => o === 'new')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'full')).toHaveLength(27);
    // Known ones still count; the same directive on another page, and another directive on the same page, are kept.
    expect(await store.keep(violation({ line: 1 }), day)).toBe('repeat');
    expect(await store.keep(violation({ page: '/careers' }), day)).toBe('new');
    expect(await store.keep(violation({ directive: 'style-src-attr' }), day)).toBe('new');
    // Pages of one directive are bounded too; a flood of made-up pages leaves other directives theirs.
    for (let n = 0; n < 10; n++) await store.keep(violation({ page: `/made-up-${n}` }), day);
    expect(await store.keep(violation({ page: '/made-up-last' }), day)).toBe('full');
    expect(await store.keep(violation({ directive: 'img-src', page: '/made-up-last' }), day)).toBe('new');
    // Made-up directive names share one folder of slots.
    for (let n = 0; n < 6; n++) await store.keep(violation({ directive: `made-up-${n}` }), day);
    expect(await store.keep(violation({ directive: 'connect-src' }), day)).toBe('new');
    // A new day starts afresh.
    expect(await store.keep(violation({ line: 30 }), new Date('2026-11-23T00:00:00Z'))).toBe('new');
    const listed = await store.list({ since: '2026-11-22' });
    const of = (directive: string) => listed.filter((r) => r.day === '2026-11-22' && r.directive === directive);
    expect(of('script-src-elem').length).toBeLessThanOrEqual(4 * 3);
    expect(
      listed.filter((r) => r.day === '2026-11-22' && r.directive.startsWith('made-up')).length,
    ).toBeLessThanOrEqual(3);
  });

  it("with the built pages known, made-up paths share one bucket and cannot take a real page's slots", async () => {
    const limits = { ...reportStoreLimits, perPage: 3, pagesPerDirective: 4, unknownPerDirective: 5 };
    const pages = new Set(['/', '/about', '/careers', ...Array.from({ length: 20 }, (_, n) => `/products/item-${n}`)]);
    const store = blobsReportStore(blobs, limits, pages);
    const day = new Date('2026-11-22T10:00:00Z');
    // A flood of reports naming made-up paths, as 27 requests of 25 reports did: one bucket.
    const flood = [];
    for (let n = 0; n < 200; n++) flood.push(await store.keep(violation({ page: `/made-up-${n}` }), day));
    expect(flood.filter((o) => o === 'new')).toHaveLength(limits.unknownPerDirective);
    expect(flood.filter((o) => o === 'full')).toHaveLength(200 - limits.unknownPerDirective);
    // Every built page keeps its own slots of the directive: more pages than a directive took before.
    for (const page of pages) expect(await store.keep(violation({ page }), day), page).toBe('new');
    // In any spelling of its address.
    expect(await store.keep(violation({ page: '/about.html', line: 9 }), day)).toBe('new');
    expect(await store.keep(violation({ page: '/careers/', line: 9 }), day)).toBe('new');
    // A page's own flood fills its own slots only.
    for (let line = 20; line < 30; line++) await store.keep(violation({ page: '/about', line }), day);
    expect(await store.keep(violation({ page: '/careers', line: 29 }), day)).toBe('new');
    // Another site's page is not a built page either.
    expect(await store.keep(violation({ page: 'https://elsewhere.example/about' }), day)).toBe('full');
    const listed = await store.list();
    expect(listed.filter((r) => !pages.has(pagePath(r.page))).length).toBe(limits.unknownPerDirective);
    expect(listed.filter((r) => r.page === '/about' || r.page === '/about.html')).toHaveLength(limits.perPage);
  });

  it("reads the build's list of pages, each address as a visitor spells it; none at all without a list", () => {
    const folder = mkdtempSync(join(tmpdir(), 'built-pages-'));
    try {
      const file = join(folder, 'built-pages.json');
      writeFileSync(file, JSON.stringify(['/index.html', '/about', '/products/pigments.html', '/careers/']));
      expect([...readBuiltPages(file)!].sort()).toEqual(['/', '/about', '/careers', '/products/pigments']);
      expect(readBuiltPages(join(folder, 'missing.json'))).toBeUndefined();
      writeFileSync(file, '{"pages": 1}');
      expect(() => readBuiltPages(file)).toThrow(/not a list of paths/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps one entry for a burst of one violation, and takes no more than its slots however many arrive at once', async () => {
    // Writes that check their condition and land in one step, as Netlify's service makes them.
    const { store: shared } = memoryBlobs();
    const store = blobsReportStore(shared, { ...reportStoreLimits, perPage: 4 });
    const other = blobsReportStore(shared, { ...reportStoreLimits, perPage: 4 });
    const day = new Date('2026-11-22T10:00:00Z');
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? store : other).keep(violation(), day)),
    );
    expect(first.filter((o) => o === 'new')).toHaveLength(1);
    expect(first).not.toContain('full');
    const [entry, ...more] = await store.list();
    expect(more).toEqual([]);
    expect(entry!.count).toBeGreaterThan(1);
    expect(entry!.count).toBeLessThanOrEqual(12);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, line) => (line % 2 ? store : other).keep(violation({ line: line + 10 }), day)),
    );
    expect(outcomes.filter((o) => o === 'new').length).toBeLessThanOrEqual(4 - 1);
    expect((await store.list()).length).toBeLessThanOrEqual(4);
  });

  it('deletes days older than the kept ones when a new day begins', async () => {
    const store = blobsReportStore(blobs, { ...reportStoreLimits, keepDays: 10 });
    await store.keep(violation(), new Date('2026-11-01T10:00:00Z'));
    await store.keep(violation(), new Date('2026-11-15T10:00:00Z'));
    await store.keep(violation(), new Date('2026-11-20T10:00:00Z'));
    expect((await store.list()).map((r) => r.day)).toEqual(['2026-11-20', '2026-11-15']);
  });
});

/** A request to the endpoint, as a browser posts it. */
const post = (body: unknown, type: string, headers: Record<string, string> = {}) =>
  new Request(`${site}${routes.cspReportEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('handleCspReport', () => {
  let store: ReportStore;
  const logged: string[] = [];
  const handle = (request: Request, now = new Date('2026-11-22T10:00:00Z')) =>
    handleCspReport(request, { store, now: () => now, log: (line) => logged.push(line) });
  beforeEach(() => {
    store = blobsReportStore(blobs);
    logged.length = 0;
  });

  it('keeps both formats and answers 204 with inert headers', async () => {
    const modern = await handle(post(reportingBatch(), 'application/reports+json', { origin: site }));
    expect(modern.status).toBe(204);
    expect(modern.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(modern.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await handle(post(legacyReport(), 'application/csp-report'))).status).toBe(204);
    expect((await store.list()).map((r) => [r.format, r.directive, r.page, r.blocked]).sort()).toEqual([
      ['csp-report', 'script-src-elem', '/contact', 'https://cdn.example.net/tracker.js'],
      ['reports+json', 'script-src-elem', '/products/pigments', 'inline'],
    ]);
  });

  it('de-duplicates a violation sent again, within a batch and across requests', async () => {
    await handle(post([...reportingBatch(), ...reportingBatch()], 'application/reports+json'));
    await handle(post(reportingBatch(), 'application/reports+json'));
    const listed = await store.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]!.count).toBe(3);
  });

  it('refuses what is not a report from this site, keeping nothing', async () => {
    const cases: [Request, number][] = [
      [new Request(`${site}${routes.cspReportEndpoint}`), 405],
      [post(reportingBatch(), 'application/reports+json', { origin: 'https://evil.example.net' }), 403],
      [post(reportingBatch(), 'application/json'), 415],
      [post('not json', 'application/csp-report'), 400],
      [post(legacyReport(), 'application/reports+json'), 400],
      // Over the cap, by its declared length and by what it really sends.
      [
        post(reportingBatch(), 'application/reports+json', { 'content-length': String(reportLimits.bodyBytes + 1) }),
        413,
      ],
      [post(reportingBatch({ sample: 'x'.repeat(reportLimits.bodyBytes) }), 'application/reports+json'), 413],
    ];
    for (const [request, status] of cases) {
      const response = await handle(request);
      expect(response.status, `${request.method} ${request.headers.get('content-type')}`).toBe(status);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    expect(await store.list()).toEqual([]);
  });

  it('answers 503 and logs when the store cannot keep a report', async () => {
    const broken: ReportStore = { keep: async () => Promise.reject(new Error('store down')), list: async () => [] };
    const response = await handleCspReport(post(reportingBatch(), 'application/reports+json'), {
      store: broken,
      log: (line) => logged.push(line),
    });
    expect(response.status).toBe(503);
    expect(logged.join('\n')).toContain('store down');
  });
});
