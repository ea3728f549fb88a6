import { Column, is, SQL, sql } from "drizzle-orm";
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

/**
 * "`column` is one of the statement's `ids`" for a prepared statement: `ids` is one value, the ids joined
 * by commas, so one statement serves any number of them. With exactly one id it must be `column = id`:
 * PostgreSQL guesses ten elements for an array it has not seen, finds a plan made for the one id always
 * cheaper than that, and so planned the statement again on every call (the node read: 0.6 ms of planning
 * for 0.07 ms of work); with `=` its generic plan is as good and it keeps it. Each caller prepares both
 * forms under their own names and picks by the count.
 */
export const idsMatch = (column: SQL, one: boolean): SQL =>
  one
    ? sql`${column} = ${sql.placeholder("ids")}::int`
    : sql`${column} = any(string_to_array(${sql.placeholder("ids")}, ',')::int[])`;

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectQuery = { getSQL(): SQL; _: { selectedFields: Record<string, unknown> } };

/**
 * A Drizzle select of flat fields (columns and `sql` expressions, no nested objects), prepared once as
 * `.prepare(name)` would, but with its rows mapped by a function made for its fields: Drizzle's own
 * mapping asks each column of each row what kind of field it is (issue 18 point 2: a sixth of the
 * children page's CPU went to that and to building SQL). The rows are the same objects, keys in the same
 * order, values through the same decoders.
 */
export function prepareFlatSelect<T>(
  db: Db,
  query: SelectQuery,
  name: string,
): { execute(values: Record<string, unknown>): Promise<T[]> } {
  const fields = Object.entries(query._.selectedFields).map(([key, field]) => {
    const decoder = (
      is(field, Column)
        ? field
        : is(field, SQL)
          ? (field as unknown as { decoder: Decoder }).decoder
          : undefined
    ) as Decoder | undefined;
    if (!decoder) throw new Error(`prepareFlatSelect: field ${key} is not a column or an sql expression`);
    return { key, decoder };
  });
  const decoders = fields.map((field) => field.decoder);
  // One object literal with every key: rows of one shape, built without a loop over the fields.
  const body = fields
    .map(
      ({ key }, i) => `${JSON.stringify(key)}: r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`,
    )
    .join(",\n");
  const mapRow = new Function("d", `return (r) => ({${body}});`)(decoders) as (row: unknown[]) => T;
  return db._.session.prepareQuery(
    dialect.sqlToQuery(query.getSQL()),
    undefined,
    name,
    true,
    (rows: unknown[][]) => rows.map(mapRow),
  ) as unknown as { execute(values: Record<string, unknown>): Promise<T[]> };
}
