import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * Two projects, both run by `npm test`:
 * - server: unit tests (domain) and API tests (server, each file on its own fresh PostgreSQL database);
 * - web: component tests of the SPA (jsdom + Testing Library; only the network is stubbed).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/global-setup.ts"],
          pool: "forks",
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/web/src/test/setup.ts"],
          pool: "threads",
        },
      },
    ],
  },
});
