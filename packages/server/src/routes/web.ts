import path from "node:path";
import fastifyStatic from "@fastify/static";
import { MESSAGES } from "@zhishu/shared";
import type { FastifyInstance } from "fastify";
import { pagePolicy } from "../http/inline-scripts";

/**
 * Serves the built web app: files from dist, and index.html for any other non-API GET so client
 * routes such as /data/123 load the app. Unknown /api and /ws paths answer 404 JSON.
 */
export async function webRoutes(app: FastifyInstance, { webDist }: { webDist?: string }): Promise<void> {
  // index.html's inline early script is allowed by its hash (http/inline-scripts.ts).
  const indexPolicy = webDist ? pagePolicy(path.join(webDist, "index.html")) : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: ["index.html"],
      // The build writes .br and .gz beside each file (packages/web/precompress.ts): sent as they are.
      preCompressed: true,
      // Hashed asset names change with content, so they may be cached for long; index.html must not be.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(path.join(webDist, "assets"));
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        // The page itself, or the brotli or gzip copy of it sent in its place.
        if (indexPolicy && /^index\.html(\.br|\.gz)?$/.test(path.basename(filePath)))
          reply.header("content-security-policy", indexPolicy());
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === "/api" || url.startsWith("/api/") || url.startsWith("/ws/");
    if (!isApi && indexPolicy && (request.method === "GET" || request.method === "HEAD")) {
      return reply
        .header("cache-control", "no-cache")
        .header("content-security-policy", indexPolicy())
        .sendFile("index.html");
    }
    return reply.status(404).send({ success: false, error: MESSAGES.routeNotFound, code: "ROUTE_NOT_FOUND" });
  });
}
