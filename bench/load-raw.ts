import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";
import { useFastIntArrays } from "../packages/server/src/db/int-arrays";

/**
 * The load bench's baseline: node:http and pg, nothing else, answering each route with the very SQL the
 * app sent for it (recorded by the bench), as named prepared statements, in the same waves (statements the
 * app ran side by side run side by side here), and the rows as JSON.
 * `node --import tsx bench/load-raw.ts <database url> <statements.json> [--app-int-arrays]`; the flag gives
 * it the app's int4[] parser (db/int-arrays.ts) instead of node-postgres's. Prints its port.
 */
export interface RecordedRoute {
  path: string;
  waves: { text: string; values: unknown[] }[][];
}

const [url, file, option] = process.argv.slice(2) as [string, string, string | undefined];
if (option === "--app-int-arrays") useFastIntArrays();
const routes = new Map(
  (JSON.parse(readFileSync(file, "utf8")) as RecordedRoute[]).map((route, r) => [
    route.path,
    route.waves.map((wave, w) => wave.map((s, i) => ({ name: `raw_${r}_${w}_${i}`, ...s }))),
  ]),
);
const pool = new pg.Pool({ connectionString: url, max: 10 });

const server = http.createServer(async (request, response) => {
  const waves = routes.get(request.url ?? "");
  if (!waves) {
    response.writeHead(404).end();
    return;
  }
  try {
    const rows: unknown[] = [];
    for (const wave of waves) {
      const results = await Promise.all(wave.map((statement) => pool.query(statement)));
      for (const result of results) rows.push(result.rows);
    }
    const body = JSON.stringify(rows);
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
