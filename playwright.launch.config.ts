import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The launch acceptance run (`npm run test:launch`): the same browser and server as the browser
 * tests, over the launch facts in tests/launch only. `npm test` uses playwright.config.ts, whose
 * testDir is tests/e2e, so it never runs these.
 */
const server = base.webServer;
if (!server || Array.isArray(server)) throw new Error('playwright.config.ts is expected to start one web server');

export default defineConfig({
  ...base,
  testDir: 'tests/launch',
  // One run reports every difference from the launch content; a retry would only repeat it.
  retries: 0,
  // Each page test gathers many facts; a busy machine gets the time to gather them all.
  timeout: 60_000,
  webServer: { ...server, timeout: 180_000 },
});
