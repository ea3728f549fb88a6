import type pg from "pg";

// A statement seen this often is worth a name; at most this many names (per connection, that many
// statements held by PostgreSQL); the counts of unnamed texts are forgotten past the last number.
const USES_BEFORE_NAMING = 3;
const MAX_NAMED = 300;
const MAX_COUNTED = 10_000;

// Only plain data statements are named (no transaction control, no DDL).
const NAMEABLE = /^\s*(select|with|insert|update|delete)\b/i;

type QueryConfig = { text?: unknown; name?: unknown };

/**
 * Sends the statements the app repeats as named prepared statements on PostgreSQL (issue 18): an unnamed
 * statement is parsed and planned on every call (the node read's rights columns take 0.8 ms to plan and
 * 0.14 ms to run), a named one is parsed once per connection and, after a few runs, planned once too
 * when PostgreSQL finds its generic plan as good as a fresh one. A text gets a name once it has been
 * sent a few times, so statements built for one call (a list of ids of its own length) stay unnamed, and
 * the names are capped so that a long-running server holds a bounded set on each connection. PGlite is not
 * touched: it plans in-process.
 */
export function nameRepeatedStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_NAMED || !NAMEABLE.test(text)) return known;
    const seen = (uses.get(text) ?? 0) + 1;
    if (seen < USES_BEFORE_NAMING) {
      if (uses.size >= MAX_COUNTED) uses.clear();
      uses.set(text, seen);
      return undefined;
    }
    uses.delete(text);
    const name = `zs_${names.size}`;
    names.set(text, name);
    return name;
  };
  // Every query, pooled or in a transaction, runs on a client; each client is wrapped as it connects.
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest) => {
      const c = config as QueryConfig | null;
      if (c && typeof c === "object" && typeof c.text === "string" && c.name === undefined) {
        const name = nameFor(c.text);
        if (name !== undefined) return query({ ...c, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}
