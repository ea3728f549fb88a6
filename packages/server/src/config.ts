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
  /** The live sockets' heartbeat (default 30 s; tests shorten it). */
  liveHeartbeatMs?: number;
  /**
   * Check every answer against its route's response schema (the contracts) and fail on any drift.
   * On in tests (the harness) and the e2e server; off in production, where answers are only stringified.
   */
  validateResponses: boolean;
  /**
   * Fastify's trustProxy: false (use the socket's address), the number of proxy hops in front, or the
   * proxies' addresses/CIDRs. Never `true`, which would let any client name its address in X-Forwarded-For.
   */
  trustProxy: false | number | string[];
  /** Accounts one address may register per hour. */
  registerLimitPerHour: number;
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

/** TRUST_PROXY: unset or "false" (no proxy), a hop count ("1"), or the proxies' addresses ("10.0.0.1,10.0.0.2"). */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true")
    throw new Error(
      "TRUST_PROXY=true would let any client choose its address with X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses",
    );
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Reads the environment: PORT, HOST, DATA_DIR, DATABASE_URL, JWT_SECRET, LOG_LEVEL, WEB_DIST, TRUST_PROXY, … */
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    registerLimitPerHour: intFromEnv(env.REGISTER_LIMIT_PER_HOUR, 20, "REGISTER_LIMIT_PER_HOUR"),
  };
}
