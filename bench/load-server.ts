import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../packages/server/src/app";
import type { AppConfig } from "../packages/server/src/config";
import { openPostgres } from "../packages/server/src/db/client";

/** The app's configuration for the load bench: production's, quiet, responses unchecked. */
export const appConfig = (jwtSecret: string): AppConfig => ({
  port: 0,
  host: "127.0.0.1",
  dataDir: mkdtempSync(path.join(tmpdir(), "zhishu-load-")),
  jwtSecret,
  logLevel: "silent",
  appVersion: "bench",
  accessTokenTtl: 3600,
  refreshTokenTtl: 3600,
  validateResponses: false,
  trustProxy: false,
  registerLimitPerHour: 1_000_000,
});

/**
 * The Node flags `npm start` gives the server (package.json's start script, all but `--import tsx`), so
 * that the bench runs the app as production does: today the young generation's size (see the README).
 */
export function startNodeFlags(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const scripts = JSON.parse(readFileSync(path.join(here, "..", "package.json"), "utf8")).scripts;
  const words = (scripts.start as string).split(/\s+/);
  return words.slice(1, words.indexOf("--import")).filter((word) => word.startsWith("--"));
}

/**
 * The app as production runs it, in a process of its own so the load bench can read its CPU time and
 * memory: `node --import tsx bench/load-server.ts <database url> <jwt secret>`. Prints its port.
 */
async function serve(url: string, jwtSecret: string): Promise<void> {
  const database = await openPostgres(url, 10);
  const app = await buildApp(appConfig(jwtSecret), database);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
  process.on("SIGTERM", () => void app.close().then(() => database.close().then(() => process.exit(0))));
}

// Run as a script (the bench imports appConfig from here too).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, jwtSecret] = process.argv.slice(2) as [string, string];
  await serve(url, jwtSecret);
}
