import { MESSAGES } from "@zhishu/shared";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startMaintenance } from "./db/maintenance";
import { fillUserSearchVectors } from "./services/accounts/accounts";
import { startTrashPurge } from "./services/trash/schedule";

/** Starts Zhishu: open and migrate the database, serve the app, close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp(config, database);
  if (!config.webDist) app.log.warn("web app not built: run `npm run build`; serving the API only");
  const stopMaintenance = startMaintenance(database, (message) => app.log.warn(message));
  const stopTrashPurge = startTrashPurge(database.db, config.dataDir, (message) => app.log.warn(message));
  // Accounts older than user search's pinyin index get theirs in the background.
  fillUserSearchVectors(database.db).catch((error) =>
    app.log.warn(`filling user search vectors failed: ${(error as Error).message}`),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    try {
      stopMaintenance();
      stopTrashPurge();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `${MESSAGES.appName} listening on http://localhost:${config.port} (${database.kind}, data in ${config.dataDir})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
