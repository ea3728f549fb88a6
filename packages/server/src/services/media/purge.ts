import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { dnode } from "../../db/schema";
import { MEDIA_PATH, resolveMedia } from "./store";

type Content = Record<string, unknown> | null | undefined;

// `/api/media/<path>` anywhere in a string: an <img src>, an <a href>, a full URL of this server.
const MEDIA_URL = /\/api\/media\/((?:images|files)\/[^\s"'<>?#)\\]+)/g;

/** A stored path from an `image_path` / `file_path` value: the bare path or our media URL. */
function pathOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const bare = value.replace(/^(?:https?:\/\/[^/]+)?\/api\/media\//, "");
  return MEDIA_PATH.test(bare) ? bare : null;
}

/**
 * The media files a node's content refers to: `image_path`, `file_path`, and our media URLs inside the
 * rich text `text`. Only well-formed stored paths count, so `../` tricks name nothing.
 */
export function mediaPathsOf(content: Content): string[] {
  if (!content) return [];
  const found = new Set<string>();
  for (const key of ["image_path", "file_path"]) {
    const path = pathOf(content[key]);
    if (path) found.add(path);
  }
  if (typeof content.text === "string") {
    for (const match of content.text.matchAll(MEDIA_URL)) {
      const path = match[1];
      if (path && MEDIA_PATH.test(path)) found.add(path);
    }
  }
  return [...found];
}

/** A SQL array literal of parameters (Drizzle spreads a JS array into a bare list). */
const arrayOf = (values: Array<string | number>, type: "text" | "int") =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

/** Those of `paths` that some node other than `exceptIds` still refers to (a clone shares its source's files). */
async function stillReferenced(db: Db, paths: string[], exceptIds: number[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await queryRows<{ path: string }>(
    db,
    sql`select p.path from unnest(${arrayOf(paths, "text")}) as p(path)
        where exists (
          select 1 from ${dnode} d
          where d.id <> all(${arrayOf([0, ...exceptIds], "int")})
            and (d.content->>'image_path' like '%' || p.path
                 or d.content->>'file_path' like '%' || p.path
                 or d.content->>'text' like '%/api/media/' || p.path || '%'))`,
  );
  return new Set(rows.map((row) => row.path));
}

/**
 * Deletes the stored files that purged nodes referred to, unless another node (`exceptIds` are the purged
 * ones) still refers to them. Call it after the purge commits: a file is gone for good. Returns the
 * paths deleted. Paths are re-checked against the media folder, so nothing outside it is touched.
 */
export async function deleteMediaOfPurgedNodes(
  db: Db,
  mediaRoot: string,
  purged: Array<{ id: number; content: Content }>,
): Promise<string[]> {
  const paths = [...new Set(purged.flatMap((node) => mediaPathsOf(node.content)))];
  const kept = await stillReferenced(
    db,
    paths,
    purged.map((node) => node.id),
  );
  const deleted: string[] = [];
  for (const path of paths) {
    if (kept.has(path)) continue;
    const file = resolveMedia(mediaRoot, path);
    if (!file) continue;
    await rm(file, { force: true });
    deleted.push(path);
  }
  return deleted;
}
