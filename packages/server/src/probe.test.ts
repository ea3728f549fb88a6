import { it } from "vitest";
import { z } from "zod";
import { routesOf } from "./http/route-catalog";
import { startTestServer } from "./test/harness";

it("probe", async () => {
  const server = await startTestServer();
  const routes = routesOf(server.app);
  console.log(routes.length);
  for (const r of routes) {
    const out: Record<string, unknown> = {};
    for (const k of ["body", "querystring", "params"] as const) {
      const s = r.schema[k];
      if (!s) continue;
      try {
        out[k] = JSON.stringify(z.toJSONSchema(s, { io: "input", unrepresentable: "any" })).slice(0, 300);
      } catch (e) {
        out[k] = `ERR ${(e as Error).message}`;
      }
    }
    console.log(r.method, r.url, r.websocket ? "ws" : "", r.public ? "public" : "", JSON.stringify(out));
  }
  await server.close();
}, 60000);
