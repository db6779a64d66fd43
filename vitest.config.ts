import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The `@/` alias of tsconfig.json, for components that tests render.
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // What the functions import of the content, written from src/content: no build needed.
    globalSetup: ['tests/support/built-content-setup.ts'],
    testTimeout: 60_000,
    // Vitest's default is half the cores, one worker on a two-core machine. Many files here wait
    // on child processes, builds and local servers rather than on the CPU, so a second worker
    // overlaps those waits.
    maxWorkers: 2,
    // The files of a worker share one module graph instead of each importing its own: the unit
    // tests took 110 CPU-seconds instead of 147 (61 s instead of 79 s alone). No file mocks a
    // module; the globals and variables some stub are put back after each test.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
