import pg from "pg";

// PostgreSQL's type oid of int4[] (`select 'int4[]'::regtype::oid`).
const INT4_ARRAY_OID = 1007 as Parameters<typeof pg.types.getTypeParser>[0];

type Parse = (text: string) => unknown;

/**
 * int4[] columns as node-postgres's own parser reads them, but a plain one-dimensional list of numbers
 * (`{4,5,6}`, what array_agg of ids gives) goes through JSON.parse: pg's parser walks it character by
 * character, 42 µs and 42 KB of garbage for a 200-id relation head (issue 18 point 2: every node answer
 * carries two such lists per group, and this was a tenth of GET /api/dnode's CPU). NULLs, nested arrays
 * and explicit bounds (`[0:2]={…}`) keep pg's parser.
 */
export function intArrayParser(fallback: Parse): Parse {
  return (text) => {
    if (text === "{}") return [];
    const plain =
      text.charCodeAt(0) === 123 /* { */ && text.indexOf("{", 1) === -1 && text.indexOf("N") === -1;
    return plain ? JSON.parse(`[${text.slice(1, -1)}]`) : fallback(text);
  };
}

let installed = false;

/** Installs the int4[] parser on node-postgres's type table, once per process (every pool and Drizzle read it). */
export function useFastIntArrays(): void {
  if (installed) return;
  installed = true;
  const fallback = pg.types.getTypeParser(INT4_ARRAY_OID, "text") as Parse;
  pg.types.setTypeParser(INT4_ARRAY_OID, "text", intArrayParser(fallback));
}
