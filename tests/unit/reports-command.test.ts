/**
 * `npm run reports` on a local store that the report endpoint itself filled with reports of both
 * formats: grouped by directive and page with counts, filtered, as JSON; and on the production
 * store through Netlify's API (a local Blobs server answering the API's requests), reached the way
 * `npm run messages` reaches it. The listings run in this process, through the function the script
 * calls; a refused option and the production store's listing run as the operator runs them (a
 * child process of the script).
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore, type Store } from '@netlify/blobs';
import { handleCspReport } from '../../src/security/reports/handler';
import { blobsReportStore, reportStoreName } from '../../src/security/reports/store';
import { routes } from '../../src/model/routes';
import { runReports } from '../../tools/commands/reports-command.mjs';
import { runInProcess } from './command-in-process';

const run = promisify(execFile);
const site = 'https://www.example.com';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'operator-reports-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** Posts reports to the endpoint over `store`, as browsers do. */
async function report(store: Store, type: string, body: unknown, now: Date) {
  const request = new Request(`${site}${routes.cspReportEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: JSON.stringify(body),
  });
  const response = await handleCspReport(request, { store: blobsReportStore(store), now: () => now });
  expect(response.status).toBe(204);
}

const modern = (page: string, blocked: string, directive = 'script-src-elem') => [
  {
    type: 'csp-violation',
    url: `${site}${page}`,
    body: {
      documentURL: `${site}${page}`,
      effectiveDirective: directive,
      blockedURL: blocked,
      sourceFile: `${site}${page}`,
      lineNumber: 7,
      columnNumber: 3,
      sample: 'evil()',
      disposition: 'enforce',
    },
  },
];
const legacy = (page: string, blocked: string) => ({
  'csp-report': {
    'document-uri': `${site}${page}`,
    'effective-directive': 'style-src-elem',
    'blocked-uri': blocked,
    'source-file': '',
    disposition: 'enforce',
  },
});

async function seed() {
  const server = new BlobsServer({ directory, token: 't', port: 0 });
  const { port } = await server.start();
  try {
    const url = `http://localhost:${port}`;
    const store = getStore({
      name: reportStoreName,
      siteID: '0',
      token: 't',
      edgeURL: url,
      uncachedEdgeURL: url,
      consistency: 'strong',
    });
    const day1 = new Date('2026-11-21T10:00:00Z');
    const day2 = new Date('2026-11-22T10:00:00Z');
    await report(store, 'application/reports+json', modern('/about', 'inline'), day1);
    await report(store, 'application/reports+json', modern('/about', 'inline'), day2);
    await report(
      store,
      'application/reports+json',
      [...modern('/about', 'inline'), ...modern('/about', 'inline')],
      day2,
    );
    await report(store, 'application/reports+json', modern('/careers', 'eval'), day2);
    await report(
      store,
      'application/csp-report',
      legacy('/contact?topic=x', 'https://fonts.example.net/a.css?v=1'),
      day2,
    );
  } finally {
    await server.stop();
  }
}

const reports = (...args: string[]) =>
  runInProcess(runReports, [...args, '--dir', directory], {
    ...process.env,
    NETLIFY_AUTH_TOKEN: '',
    NETLIFY_SITE_ID: '',
  });

describe('npm run reports on a local store', () => {
  it('--help says what it lists and how to reach each store', async () => {
    const help = await reports('--help');
    for (const words of [
      'by directive',
      'then by page',
      '--since',
      '--days',
      '--directive',
      '--page',
      '--token',
      '--site',
      '--store',
    ])
      expect(help).toContain(words);
  });

  it('says so when there is nothing', async () => {
    expect(await reports()).toContain('No reports in the local store');
  });

  it('lists reports by directive, then page, with counts, days and what was blocked', async () => {
    await seed();
    const out = await reports();
    const lines = out.trim().split('\n');
    // The directive with most reports first; its pages, most first.
    expect(lines[0]).toBe('script-src-elem: 5 report(s) on 2 page(s)');
    expect(lines[1]).toBe('  /about  4×  2026-11-21 to 2026-11-22');
    expect(lines[2]).toBe('        4×  blocked inline from /about:7:3  "evil()"  [reports+json]');
    expect(lines[3]).toBe('  /careers  1×  2026-11-22');
    expect(out).toContain('style-src-elem: 1 report(s) on 1 page(s)');
    // The legacy format, its query gone.
    expect(out).toContain('  /contact  1×  2026-11-22');
    expect(out).toContain('blocked https://fonts.example.net/a.css  [csp-report]');
    expect(out).not.toContain('topic=x');
    expect(lines.at(-1)).toBe('6 report(s), 4 distinct a day, in the local store');
  });

  it('filters by day, directive and page, and prints JSON', async () => {
    await seed();
    const since = await reports('--since', '2026-11-22');
    expect(since).toContain('/about  3×  2026-11-22');
    expect(await reports('--directive', 'style-src-elem')).not.toContain('script-src-elem');
    const page = await reports('--page', '/careers');
    expect(page).toContain('blocked eval');
    expect(page).not.toContain('/about');
    expect(await reports('--page', '/nowhere')).toContain('No reports match');
    const json = (await reports('--json'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(json).toHaveLength(4);
    expect(json[0]).toMatchObject({ day: '2026-11-22', fingerprint: expect.any(String), count: expect.any(Number) });
    await expect(
      run(process.execPath, ['scripts/reports.mjs', '--days', 'x', '--dir', directory]),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('--days') });
  });
});

/**
 * Netlify's API in front of a local Blobs server. The local server drops the query of a listing
 * made through the API's address (Netlify's API honours `prefix` and `directories`), so listings
 * are passed on to the store's own address, query and token kept; everything else as it is.
 */
async function netlifyAPI(blobsPort: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const listing = /^\/api\/v1\/blobs\/([^/]+)\/([^/?]+)\/?(\?.*)?$/.exec(req.url ?? '');
    const path = listing && req.method === 'GET' ? `/${listing[1]}/${listing[2]}${listing[3] ?? ''}` : req.url;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
      ) as Record<string, string>;
      const answer = await fetch(`http://localhost:${blobsPort}${path}`, {
        method: req.method,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const address = server.address();
  return { url: `http://localhost:${typeof address === 'object' && address ? address.port : 0}`, server };
}

describe('npm run reports on the production store', () => {
  it("with a token and a site id, reads the site's store through Netlify's API", async () => {
    const server = new BlobsServer({ directory, token: 'personal-token', port: 0 });
    const { port } = await server.start();
    const proxy = await netlifyAPI(port);
    try {
      const api = proxy.url;
      const store = getStore({ name: reportStoreName, siteID: 'site-123', token: 'personal-token', apiURL: api });
      await report(store, 'application/reports+json', modern('/about', 'inline'), new Date('2026-11-22T10:00:00Z'));
      const env = {
        ...process.env,
        NETLIFY_AUTH_TOKEN: 'personal-token',
        NETLIFY_SITE_ID: 'site-123',
        NETLIFY_API_URL: api,
      };
      const { stdout } = await run(process.execPath, ['scripts/reports.mjs'], { env });
      expect(stdout).toContain('script-src-elem: 1 report(s) on 1 page(s)');
      expect(stdout).toContain(`in store "${reportStoreName}" of Netlify site site-123`);
    } finally {
      proxy.server.close();
      await server.stop();
    }
  });
});
