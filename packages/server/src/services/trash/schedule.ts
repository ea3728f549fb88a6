import type { Db } from "../../db/client";
import { pruneCreateKeys } from "../nodes/create-key";
import { purgeExpiredTrash } from "./purge";

const FIRST_RUN_MS = 2 * 60_000;
const EVERY_MS = 60 * 60_000;

/**
 * Purges the recycle bin's expired items now and then (every hour), and with them the creation keys past
 * their lifetime (the same hourly clean-up of rows nobody needs any more); returns a function that stops it.
 */
export function startTrashPurge(db: Db, dataDir: string, log: (message: string) => void): () => void {
  const run = () => {
    void purgeExpiredTrash(db, dataDir).catch((error) =>
      log(`recycle bin purge failed: ${(error as Error).message}`),
    );
    void pruneCreateKeys(db).catch((error) => log(`creation key prune failed: ${(error as Error).message}`));
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const every = setInterval(run, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
