import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Everything the server reads from its environment, resolved once at start. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, PostgreSQL through node-postgres; otherwise PGlite persisted in dataDir/db. */
  databaseUrl?: string;
  jwtSecret: string;
  /** Folder of the built web app; omitted means the API only (tests). */
  webDist?: string;
  logLevel: string;
  appVersion: string;
  /** Lifetimes in seconds. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** A live socket that says nothing this long gets idle_timeout (default 10 minutes; tests shorten it). */
  liveIdleTimeoutMs?: number;
  /**
   * Check every answer against its route's response schema (the contracts) and fail on any drift.
   * On in tests (the harness) and the e2e server; off in production, where answers are only stringified.
   */
  validateResponses: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, "../../..");

function readRootVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

/** A JWT secret kept in the data folder, so tokens survive a restart without any setup. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function intFromEnv(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads the environment: PORT, HOST, DATA_DIR, DATABASE_URL, JWT_SECRET, LOG_LEVEL, WEB_DIST, VALIDATE_RESPONSES. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || path.join(process.cwd(), "data"));
  mkdirSync(dataDir, { recursive: true });
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.join(REPO_ROOT, "packages/web/dist");
  return {
    port: intFromEnv(env.PORT, 3000, "PORT"),
    host: env.HOST || "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataDir),
    webDist: existsSync(path.join(webDist, "index.html")) ? webDist : undefined,
    logLevel: env.LOG_LEVEL || "info",
    appVersion: env.APP_VERSION || readRootVersion(),
    accessTokenTtl: intFromEnv(env.ACCESS_TOKEN_TTL, 15 * 60, "ACCESS_TOKEN_TTL"),
    refreshTokenTtl: intFromEnv(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600, "REFRESH_TOKEN_TTL"),
    validateResponses: env.VALIDATE_RESPONSES === "true",
  };
}
