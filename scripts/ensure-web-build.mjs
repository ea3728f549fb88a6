#!/usr/bin/env node
// Builds the web app when its build is missing or older than its sources, so `npm start` on a fresh
// clone serves the app without a separate build step, and a restart does not rebuild for nothing.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "packages/web/dist/index.html");
const sources = [
  "packages/web/src",
  "packages/web/index.html",
  "packages/web/vite.config.ts",
  // The build's own plugins (the early entry's inlining, the compressed copies).
  "packages/web/early-entry.ts",
  "packages/web/precompress.ts",
  "packages/shared/src",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt >= changedAt && !process.argv.includes("--force")) {
  console.log("web app is up to date");
} else {
  console.log("building the web app …");
  // Always a production build, even when a test runner (NODE_ENV=test) asks for it: a development build
  // of React is several times slower and would make the end-to-end tests measure the wrong thing.
  execSync("npm run build -w @zhishu/web", {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
