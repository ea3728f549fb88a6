import path from "node:path";
import { loadConfig } from "../config";
import { migrateApart, needsMigrationApart } from "./migrate-apart";

// Run by scripts/prestart.mjs beside the web build: a first start's embedded database is created and
// migrated (migrate-apart.ts) while the web app builds, not after it (issue 18 point 3: a fresh clone's
// first `npm start` serves within 30 s). The server then finds it up to date. PostgreSQL migrates in the
// server itself, under its lock.
const config = loadConfig();
const dataDir = path.join(config.dataDir, "db");
if (!config.databaseUrl && needsMigrationApart(dataDir)) await migrateApart(dataDir);
