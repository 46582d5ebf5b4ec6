import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Many tests start the command line or load whole rulesets; on a busy 2-core CI machine these
    // take several seconds, and the 5 s default failed a correct test. The limit only catches hangs.
    testTimeout: 60_000,
  },
});
