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
    // expect.poll waits for what a page shows after its own requests; vitest's default of 1 s was shorter
    // than a page load on this 2-core machine under the test run (people-actions: the 好友 count read
    // 1 s after goto failed in CI). A poll only ever waits for something to become true, so a longer
    // limit slows a failing test down and never lets a wrong one pass.
    expect: { poll: { timeout: 10_000 } },
  },
});
