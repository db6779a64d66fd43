import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The content editor's browser tests (tests/e2e/admin.spec.ts): the same browser as the other
 * browser tests, without their server. They read nothing of the project's build (each runs
 * `npm run cms` on a copy of the project), so `npm test` starts them at once, beside the build,
 * instead of after it: in order, on one copy and one dev server, they are the longest chain of
 * the browser tests (docs/decisions/0095-the-editor-tests-run-beside-the-build.md).
 */
export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: 'admin.spec.ts',
  workers: 1,
  outputDir: 'test-results/editor',
  webServer: undefined,
});
