import type { TokenService } from "./auth/tokens";
import type { AppConfig } from "./config";
import type { Db } from "./db/client";

/** What every route and service may reach: the database, the token service and the config. */
export interface AppContext {
  db: Db;
  tokens: TokenService;
  config: AppConfig;
}
