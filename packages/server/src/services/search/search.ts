import type { DnodeJson } from "@zhishu/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dnode } from "../../db/schema";
import { readableScopes } from "../../policies/node";
import { loadNodeRows } from "../../policies/node-access";
import { presentNodes } from "../nodes/read";
import { queryTerms } from "./lexemes";

export interface SearchInput {
  search: string;
  dnode_type?: string;
  custom_prefix?: string;
  limit: number;
}

/** The tsquery text for a search: every term must match; Latin terms match as prefixes. */
function tsqueryText(search: string): string | null {
  const terms = queryTerms(search);
  if (terms.length === 0) return null;
  // Lexemes are letters and digits only (queryTerms), so quoting them cannot break out of the literal.
  return terms.map((t) => `'${t.lexeme}'${t.prefix ? ":*" : ""}`).join(" & ");
}

/**
 * GET /api/dnode/search/: nodes the caller may read whose name or text matches, best first — the whole
 * name, then names that start with the query (shorter first), then every other match, latest changed
 * first. (No ts_rank: on a common 2-character word it cost more than all the rest and ranked little
 * better, since every match holds the word.)
 * With no search text: the caller's most recently changed nodes (of the type asked).
 */
export async function searchNodes(db: Db, userId: number, input: SearchInput): Promise<DnodeJson[]> {
  const filters: SQL[] = [sql`${dnode.type} <> 'USER'`];
  if (input.dnode_type) filters.push(eq(dnode.type, input.dnode_type));
  if (input.custom_prefix) filters.push(sql`${dnode.content}->>'custom_prefix' = ${input.custom_prefix}`);
  const scopes = await readableScopes(db, userId);
  const query = tsqueryText(input.search);
  const search = input.search.trim().toLowerCase();
  const columns = { id: dnode.id, name: dnode.name, updatedAt: dnode.updatedAt };
  const byRecency = (a: Hit, b: Hit) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id;
  let ids: number[];
  if (query) {
    // Names equal to or starting with the query first (a btree range scan), then the other matches,
    // latest changed first: an index scan that stops once it has enough, however common the word.
    const prefix = `${search.replace(/[%_\\]/g, "\\$&")}%`;
    const perScope = await Promise.all(
      scopes.map(async (scope) => {
        const where = [...filters, scope];
        const named = await db
          .select(columns)
          .from(dnode)
          .where(and(...where, sql`lower(${dnode.name}) like ${prefix}`))
          .orderBy(
            sql`(lower(${dnode.name}) = ${search}) desc`,
            sql`length(${dnode.name})`,
            desc(dnode.updatedAt),
          )
          .limit(input.limit);
        const matched = await db
          .select(columns)
          .from(dnode)
          .where(and(...where, sql`${dnode.searchVector} @@ ${query}::tsquery`))
          .orderBy(desc(dnode.updatedAt), desc(dnode.id))
          .limit(input.limit);
        return { named, matched };
      }),
    );
    const named = perScope
      .flatMap((s) => s.named)
      .sort(
        (a, b) =>
          Number(b.name.toLowerCase() === search) - Number(a.name.toLowerCase() === search) ||
          a.name.length - b.name.length ||
          byRecency(a, b),
      );
    const matched = perScope.flatMap((s) => s.matched).sort(byRecency);
    ids = [...new Set([...named, ...matched].map((r) => r.id))].slice(0, input.limit);
  } else {
    const recent = await Promise.all(
      scopes.map((scope) =>
        db
          .select(columns)
          .from(dnode)
          .where(and(...filters, scope))
          .orderBy(desc(dnode.updatedAt), desc(dnode.id))
          .limit(input.limit),
      ),
    );
    ids = recent
      .flat()
      .sort(byRecency)
      .slice(0, input.limit)
      .map((r) => r.id);
  }
  const loaded = await loadNodeRows(db, ids, userId);
  const byId = new Map(loaded.map((r) => [r.id, r]));
  return presentNodes(
    db,
    userId,
    ids.map((id) => byId.get(id)).filter((r) => r !== undefined),
  );
}

interface Hit {
  id: number;
  name: string;
  updatedAt: Date;
}
