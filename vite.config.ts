import { defineConfig } from "vitest/config";

// Root Vitest config. Two projects: `unit` (every package's tests, files in parallel) and `e2e`
// (the built app in Chromium, one file at a time: each file drives a browser plus an OpenCascade
// worker, and two of those at once on a 2-core CI machine only make each other flaky).
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "packages/*/test/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/**/*.test.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
