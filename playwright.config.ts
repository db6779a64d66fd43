import { defineConfig } from '@playwright/test';
import { findChromium } from './tools/chromium.ts';
import { testStore } from './tests/support/test-site.mjs';

/**
 * Chromium in two builds (tools/chromium.ts finds them: the one `PLAYWRIGHT_CHROMIUM` names,
 * Playwright's own, or Debian's): the headless shell, Chromium's engine without the browser
 * around it, runs the tests for a third less CPU where it is installed; the full browser runs
 * what only it does (the Reporting API's delivery of reports, tests/e2e/csp-report.spec.ts)
 * (docs/decisions/0044-browser-tests-in-the-headless-shell.md). A missing browser stops the run
 * here, with the commands that install one.
 */
export const browsers = findChromium();

/** Port of the test server; different from `npm start`'s 4321 so both can run at once. */
const port = Number(process.env.TEST_PORT ?? 4329);

/**
 * The test server's Netlify Blobs store, emptied at each start (tests/support/test-site.mjs): the
 * messages, reports and vitals a test stored are read back from here.
 */
export const siteStore = testStore(port);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A test that fails now and then is fixed, not run again until it passes.
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: browsers.headlessShell,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The same server as `npm start`, over the build that `npm test` has just made, with a store
    // of its own.
    command: 'node tests/support/test-site.mjs',
    env: { PORT: String(port) },
    url: `http://localhost:${port}/404.html`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
