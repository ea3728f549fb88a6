import { type SQL, sql } from "drizzle-orm";
import { searchLexemes } from "./lexemes";

// A lexeme longer than this is no word anyone types; PostgreSQL refuses lexemes over 2 KiB anyway.
const MAX_LEXEME_CHARS = 100;

/** The lexemes of a node's name and text that its search vector holds. */
export function searchLexemesOf(name: string, content: Record<string, unknown>): string[] {
  const text = typeof content.text === "string" ? content.text : "";
  return searchLexemes(name, text).filter((l) => l.length <= MAX_LEXEME_CHARS);
}

/** The tsvector SQL for a node's name and text (stored in dnode.search_vector). */
export function searchVectorSql(name: string, content: Record<string, unknown>): SQL {
  const lexemes = searchLexemesOf(name, content);
  if (lexemes.length === 0) return sql`''::tsvector`;
  return sql`array_to_tsvector(ARRAY[${sql.join(
    lexemes.map((l) => sql`${l}`),
    sql`, `,
  )}]::text[])`;
}

/** The tsvector SQL for a user's names (users.search_vector): the same lexemes as node names. */
export function nameVectorSql(...names: Array<string | null | undefined>): SQL {
  const lexemes = searchLexemes(...names).filter((l) => l.length <= MAX_LEXEME_CHARS);
  if (lexemes.length === 0) return sql`''::tsvector`;
  return sql`array_to_tsvector(ARRAY[${sql.join(
    lexemes.map((l) => sql`${l}`),
    sql`, `,
  )}]::text[])`;
}
