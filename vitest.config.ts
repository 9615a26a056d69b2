import { defineConfig } from "vitest/config";

/** Unit tests (domain) and API tests (server, each file on its own fresh PostgreSQL database). */
export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
    globalSetup: ["apps/server/test/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
