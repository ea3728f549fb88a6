import { defineConfig } from "vitest/config";

// End-to-end tests: a real server on the production build, driven in Debian's Chromium.
export default defineConfig({
  test: {
    name: "e2e",
    root: "e2e",
    include: ["**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    environment: "node",
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
