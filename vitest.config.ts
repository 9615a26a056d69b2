import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The suites that take long by design (decision 1753): generated inputs against every route, faults injected into a
 * running server (database away, killed processes), several instances as real processes (decision 1855), the API
 * through a real PgBouncer (decision 1903), every route probed across tenants. `npm test`, CI and `npm run test:unit` run them; `npm run test:fast` leaves them out for the
 * edit-and-run loop.
 */
const LENTOS = [
  "apps/server/test/fuzz.test.ts",
  "apps/server/test/faults.test.ts",
  "apps/server/test/graceful-shutdown.test.ts",
  "apps/server/test/multi-instance.test.ts",
  "apps/server/test/pgbouncer.test.ts",
  "apps/server/test/cross-tenant-probe.test.ts",
  "apps/server/src/backup/backup-restore.test.ts",
];

/** The server's API tests need the one PostgreSQL of the run (each file clones its own database from a template). */
const servidor = { globalSetup: ["apps/server/test/global-setup.ts"], pool: "forks" as const };

/**
 * Three projects, all run by `npm test` and `npm run test:unit`:
 * - server: unit tests (domain) and API tests (server, each file on its own fresh PostgreSQL database);
 * - slow: the long suites above, same setup as server;
 * - web: component tests of the SPA (jsdom + Testing Library; only the network is stubbed).
 * An error no test caught fails the run (scripts/vitest-unhandled-errors.mjs, decision 1752).
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ["default", "./scripts/vitest-unhandled-errors.mjs"],
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["packages/*/src/**/*.test.ts", "apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...LENTOS],
          ...servidor,
        },
      },
      { extends: true, test: { name: "slow", include: LENTOS, ...servidor } },
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
