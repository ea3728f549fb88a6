import type { FastifyInstance } from "fastify";
import type { ZodType } from "zod";

/** One route as declared: its method, URL pattern and the zod schemas of its input. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType };
  websocket: boolean;
  public: boolean;
}

const catalogs = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route the app declares from here on (an onRoute hook on the root, so routes of every
 * plugin are seen). The fuzz test walks this list, so a new route is fuzzed without anyone writing a case.
 */
export function recordRoutes(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  catalogs.set(app, entries);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue; // Fastify's automatic twin of each GET
      entries.push({
        method,
        url: route.url,
        schema: (route.schema ?? {}) as RouteEntry["schema"],
        websocket: Boolean((route as { websocket?: boolean }).websocket),
        public: Boolean(route.config && (route.config as { public?: boolean }).public),
      });
    }
  });
}

/** The routes recorded for this app. */
export function routesOf(app: FastifyInstance): readonly RouteEntry[] {
  return catalogs.get(app) ?? [];
}
