import { defineConfig } from 'vitest/config';

/**
 * Checks of the production build: they read dist/, so they run after `astro build`
 * (scripts/test.sh, `npm run test:dist`); the unit tests of vitest.config.ts need no build.
 */
export default defineConfig({
  test: {
    include: ['tests/dist/**/*.test.ts'],
    globalSetup: ['tests/dist/server.ts'],
    testTimeout: 60_000,
    // One module graph per worker, as the unit tests (vitest.config.ts): 53 CPU-seconds instead
    // of 68.
    isolate: false,
  },
});
