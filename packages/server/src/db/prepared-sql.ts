import { Column, DrizzleQueryError, is, Param, Placeholder, SQL, sql } from "drizzle-orm";
import { NodePgPreparedQuery } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

const dialect = new PgDialect();

type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };
type Values = Record<string, unknown>;

// What a node-postgres prepared query holds (drizzle-orm/node-postgres/session.js): its pool, its
// parameters (values and placeholders), the logger, and the two configs it sends (the same name, text
// and type parsers; objects or arrays of values per row).
interface NodePgInside {
  client: { query(config: unknown, params: unknown[]): Promise<{ rows: unknown[] }> };
  params: unknown[];
  logger: { logQuery(query: string, params: unknown[]): void };
  rawQueryConfig: { text: string };
  queryConfig: { text: string };
}

/**
 * Runs a Drizzle prepared query on node-postgres as its `execute` would (the same config sent to the same
 * pool, the same parameters, logged the same, errors wrapped the same), without the wrappers around it:
 * tracing spans, the cache check, several promises and a per-parameter type test on every call (issue 18
 * point 2). Undefined for PGlite, which keeps Drizzle's own path.
 */
function directRun(prepared: unknown, arrays: boolean): ((values: Values) => Promise<unknown[]>) | undefined {
  if (!is(prepared, NodePgPreparedQuery)) return undefined;
  const inside = prepared as unknown as NodePgInside;
  const config = arrays ? inside.queryConfig : inside.rawQueryConfig;
  // Each parameter once: a fixed value, or a placeholder's value (through its column's encoder).
  const slots = inside.params.map((p) => {
    if (is(p, Placeholder)) return { name: p.name as string };
    if (is(p, Param) && is(p.value, Placeholder))
      return {
        name: p.value.name as string,
        encoder: p.encoder as { mapToDriverValue(v: unknown): unknown },
      };
    return { value: p };
  });
  const fill = (values: Values) =>
    slots.map((slot) => {
      if ("value" in slot) return slot.value;
      if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
      const value = values[slot.name];
      return slot.encoder ? slot.encoder.mapToDriverValue(value) : value;
    });
  return async (values) => {
    const params = fill(values);
    inside.logger.logQuery(config.text, params);
    try {
      return (await inside.client.query(config, params)).rows;
    } catch (error) {
      // Wrapped as Drizzle wraps it (errors.ts reads the PostgreSQL error from its cause).
      throw new DrizzleQueryError(config.text, params, error as Error);
    }
  };
}

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
  const byDb = new WeakMap<Db, (values: Values) => Promise<T[]>>();
  return (db, values) => {
    let run = byDb.get(db);
    if (!run) {
      const prepared = db._.session.prepareQuery(
        dialect.sqlToQuery(build()),
        undefined,
        name,
        false,
      ) as Prepared;
      run = (directRun(prepared, false) ??
        (async (v: Values) => ((await prepared.execute(v)) as { rows: T[] }).rows)) as (
        values: Values,
      ) => Promise<T[]>;
      byDb.set(db, run);
    }
    return run(values);
  };
}

/**
 * "`column` is one of the statement's `ids`" for a prepared statement: `ids` is one value, the ids joined
 * by commas, so one statement serves any number of them. With exactly one id it must be `column = id`:
 * PostgreSQL guesses ten elements for an array it has not seen, finds a plan made for the one id always
 * cheaper than that, and so planned the statement again on every call (the node read: 0.6 ms of planning
 * for 0.07 ms of work); with `=` its generic plan is as good and it keeps it. Each caller prepares both
 * forms under their own names and picks by the count (preparedForIds does both).
 */
export const idsMatch = (column: SQL, one: boolean): SQL =>
  one
    ? sql`${column} = ${sql.placeholder("ids")}::int`
    : sql`${column} = any(string_to_array(${sql.placeholder("ids")}, ',')::int[])`;

/**
 * A `preparedSql` statement over a list of ids, in both of idsMatch's forms: `build` gets the match for
 * its column; a call with one id runs the `=` form (named `<name>_one`), any other the array form. The
 * ids are passed as a list; the other values by name.
 */
export function preparedForIds<T>(
  name: string,
  build: (idsAre: (column: SQL) => SQL) => SQL,
): (db: Db, ids: number[], values?: Values) => Promise<T[]> {
  const one = preparedSql<T>(`${name}_one`, () => build((column) => idsMatch(column, true)));
  const many = preparedSql<T>(name, () => build((column) => idsMatch(column, false)));
  return (db, ids, values = {}) => (ids.length === 1 ? one : many)(db, { ...values, ids: ids.join(",") });
}

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
  const mapRows = (rows: unknown[][]) => rows.map(mapRow);
  const prepared = db._.session.prepareQuery(
    dialect.sqlToQuery(query.getSQL()),
    undefined,
    name,
    true,
    mapRows,
  ) as unknown as { execute(values: Values): Promise<T[]> };
  const run = directRun(prepared, true);
  return run ? { execute: async (values) => mapRows((await run(values)) as unknown[][]) } : prepared;
}
