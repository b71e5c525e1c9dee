import { defineConfig } from "vitest/config";

// Root Vitest config: every package's *.test.ts, plus the end-to-end suite in test/e2e.
export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "test/**/*.test.ts",
      "apps/web/src/**/*.test.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
