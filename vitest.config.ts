import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The `@/` alias of tsconfig.json, for components that tests render.
  resolve: { alias: { '@/': fileURLToPath(new URL('./src/', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
  },
});
