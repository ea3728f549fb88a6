import { openPglite } from "./client";

// Run by migrate-apart.ts: creates or migrates the PGlite database at argv[2], then exits, taking the
// memory initdb and the migrations grew with it.
const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: migrate-child <dataDir>");
const database = await openPglite(dataDir);
await database.close();
process.exit(0);
