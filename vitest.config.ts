import { defineConfig } from "vitest/config";

// One config, several projects: `npm test` runs them all (see scripts/run-tests.mjs).
// The server's API tests run once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const serverProject = (name: string, db: string) => ({
  test: {
    name,
    root: "packages/server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "web",
          root: "packages/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/test-setup.ts"],
          // antd under jsdom is slow; on a shared 2-core machine running several suites a 5 s limit
          // failed tests that pass alone. Patience only: no assertion is weaker.
          testTimeout: 20_000,
        },
      },
      serverProject("server-pglite", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server-postgres", "postgres")] : []),
    ],
  },
});
