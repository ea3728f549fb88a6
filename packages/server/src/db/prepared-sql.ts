import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * A raw SQL statement built once per database and run with named values (`sql.placeholder`), as a
 * Drizzle `.prepare()`d builder query is (issue 18: Drizzle building the SQL of every call was a sixth of
 * the children page's profile). On PostgreSQL it is a named prepared statement; PGlite runs it as usual.
 * For the pool only: a transaction's statements go through `queryRows`.
 */
export function preparedSql<T>(
  name: string,
  build: () => SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const byDb = new WeakMap<Db, Prepared>();
  return async (db, values) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false) as Prepared;
      byDb.set(db, prepared);
    }
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}
