/**
 * A violation of the Content Security Policy, caused on purpose in a real browser, reaches the
 * report endpoint and is listed by `npm run reports`: once through the policy's `report-to`
 * (the Reporting API, application/reports+json, as Chromium sends it), once through `report-uri`
 * (application/csp-report, as browsers without the Reporting API send it; here Chromium gets
 * the page's policy without `report-to`, which makes it fall back to `report-uri`).
 *
 * Chromium delivers Reporting API reports to HTTPS endpoints only, as the live site is served.
 * So the first test reaches the test server through an HTTPS front of its own (a self-signed
 * certificate made with openssl, which Chromium is told to accept), which tells the server
 * `X-Forwarded-Proto: https`, as Netlify's edge does.
 *
 * The violation is an inline script the test adds to the page, which the policy blocks: nothing
 * in the site's own policy is weakened for it. Each script carries a marker of its own, which the
 * report's sample brings back ('report-sample'), so the test finds its own report in the store.
 * The format a report is listed with is the media type it was posted as (the endpoint reads
 * nothing else to tell them apart).
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import config, { browsers, siteStore } from '../../playwright.config';
import { routes } from '../../src/model/routes';

const run = promisify(execFile);

// Chromium delivers Reporting API reports about a minute after the violation; its switch
// --short-reporting-delay makes it under a second, so the test need not wait. Its network service
// posts the reports itself, so the front's certificate is accepted browser-wide. The headless
// shell that runs the other tests delivers none: the full browser runs these.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    executablePath: browsers.full,
    args: [...(config.use?.launchOptions?.args ?? []), '--short-reporting-delay', '--ignore-certificate-errors'],
  },
  ignoreHTTPSErrors: true,
});

/** An HTTPS front on a port of its own, passing every request on to the test server. */
async function httpsFront(target: URL): Promise<{ origin: string; close: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), 'csp-front-'));
  const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error(`the HTTPS front needs the openssl command (apt-get install -y openssl): ${String(error)}`, {
      cause: error,
    });
  }
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const headers = { ...req.headers, 'x-forwarded-proto': 'https' };
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  rmSync(folder, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const address = server.address();
  return {
    origin: `https://localhost:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => server.close(),
  };
}

interface Listed {
  directive: string;
  blocked: string;
  page: string;
  sample: string;
  format: string;
  count: number;
}

/** What `npm run reports -- --json --page <path>` lists now, from the test server's store. */
async function listed(path: string): Promise<Listed[]> {
  const { stdout } = await run(
    process.execPath,
    ['scripts/reports.mjs', '--json', '--page', path, '--dir', siteStore],
    {
      env: { ...process.env, NETLIFY_AUTH_TOKEN: '', NETLIFY_SITE_ID: '' },
    },
  );
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Listed);
}

/** Adds an inline script the policy blocks; returns the marker it carries. */
async function violate(page: Page): Promise<string> {
  const marker = `csp-test-${randomUUID().slice(0, 8)}`;
  const seen = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        }),
      ),
  );
  // Playwright tells that the browser refused the script.
  await expect(page.addScriptTag({ content: `window.cspTestMarker='${marker}'` })).rejects.toThrow(
    /violates the following Content Security Policy directive/,
  );
  expect(await seen).toBe('script-src-elem');
  // Blocked: it never ran.
  expect(await page.evaluate(() => (window as unknown as { cspTestMarker?: string }).cspTestMarker)).toBeUndefined();
  return marker;
}

test('a violation reported through report-to reaches the endpoint and is listed', async ({ page, baseURL }) => {
  const front = await httpsFront(new URL(baseURL!));
  try {
    await page.goto(`${front.origin}${routes.about}`);
    const marker = await violate(page);
    await expect
      .poll(async () => (await listed(routes.about)).find((r) => r.sample.includes(marker)), {
        timeout: 20_000,
        message: `a report with ${marker} in npm run reports`,
      })
      .toMatchObject({
        directive: 'script-src-elem',
        blocked: 'inline',
        page: routes.about,
        format: 'reports+json',
        count: 1,
      });
    // The listing as the operator reads it.
    const { stdout } = await run(process.execPath, ['scripts/reports.mjs', '--page', routes.about, '--dir', siteStore]);
    expect(stdout).toContain('script-src-elem:');
    expect(stdout).toContain(marker);
  } finally {
    front.close();
  }
});

test('a violation reported through report-uri reaches the endpoint and is listed', async ({ page }) => {
  // The page's own policy, without report-to: what a browser without the Reporting API follows.
  await page.route(`**${routes.careers}`, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    headers['content-security-policy'] = headers['content-security-policy']!.replace(/;?\s*report-to [^;]+/, '');
    expect(headers['content-security-policy']).toContain(`report-uri ${routes.cspReportEndpoint}`);
    await route.fulfill({ response, headers });
  });
  await page.goto(routes.careers);
  const marker = await violate(page);
  await expect
    .poll(async () => (await listed(routes.careers)).find((r) => r.sample.includes(marker)), {
      timeout: 20_000,
      message: `a report with ${marker} in npm run reports`,
    })
    .toMatchObject({
      directive: 'script-src-elem',
      blocked: 'inline',
      page: routes.careers,
      format: 'csp-report',
      count: 1,
    });
});
