import swagger from "@fastify/swagger";
import scalar from "@scalar/fastify-api-reference";
import { apiErrorSchema, MESSAGES } from "@zhishu/shared";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifyInstance {
    /** Every /api route as registered, for the check that OpenAPI describes them all. */
    apiRoutes: ReadonlyArray<ApiRoute>;
  }
}

/** A registered /api route and the request parts it declares schemas for. */
export interface ApiRoute {
  method: string;
  url: string;
  request: RequestPart[];
}
type RequestPart = "params" | "querystring" | "body";
const REQUEST_PARTS: RequestPart[] = ["params", "querystring", "body"];

/** Where the reference page lives; the OpenAPI document is `${DOCS_PREFIX}/openapi.json`. */
const DOCS_PREFIX = "/api/docs";

const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

// The viewer reads the document from us and offers none of Scalar's hosted services (AI agent, MCP,
// hosted client): the page works offline and sends nothing elsewhere.
const VIEWER_SETTINGS = {
  url: "./openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
};

// Scalar's own page starts the viewer with an inline script, which a `script-src 'self'` policy
// blocks. This page loads the same bundle from our server and hands it its settings in a data block
// (a non-JavaScript <script> type is never executed, so CSP allows it).
const REFERENCE_PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${MESSAGES.apiDocsPageTitle}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-configuration='${JSON.stringify(VIEWER_SETTINGS)}'></script>
    <script src="./js/scalar.js"></script>
  </body>
</html>
`;
// What the page needs: our own scripts, the styles the bundle injects, data: images and fonts.
const REFERENCE_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Every route's declared schemas checked and turned into OpenAPI: a /api route must declare a 2xx
 * response schema (the app refuses to start otherwise), gets the error body as its 4xx schema, and
 * is listed at GET /api/docs/openapi.json, with a reference page at /api/docs. Both are open to all.
 */
export const apiDocs = fp(async (app: FastifyInstance, { version }: { version: string }) => {
  const apiRoutes: ApiRoute[] = [];
  app.decorate("apiRoutes", apiRoutes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    if (isDocsRoute(route.url)) {
      route.config = { ...route.config, public: true };
      return;
    }
    const request = REQUEST_PARTS.filter((part) => route.schema?.[part] !== undefined);
    for (const method of [route.method].flat())
      if (method !== "HEAD") apiRoutes.push({ method, url: route.url, request });
    requireDeclaredSchemas(route, request);
    route.schema = {
      ...route.schema,
      response: { "4xx": apiErrorSchema, ...(route.schema?.response as object) },
    };
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: MESSAGES.apiDocsTitle,
        version,
        description:
          "What each call means is in the repository's docs/API.md. Every failure answers {success: false, error (Chinese, for people), code (stable, for programs)}.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      // Calls that need a user say so; the few open ones (login, app version, media) do not.
      const open = document.route.config?.public === true;
      return { schema: open ? schema : { ...schema, security: [{ bearer: [] }] }, url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(scalar, {
    routePrefix: DOCS_PREFIX,
    logLevel: "warn",
    hooks: {
      onRequest: async (request, reply) => {
        if (request.routeOptions.url !== `${DOCS_PREFIX}/`) return;
        // The router also sends /api/docs here; the page's relative URLs need the slash.
        if (!request.url.split("?")[0]?.endsWith("/")) return reply.redirect(`${DOCS_PREFIX}/`, 301);
        return reply
          .header("content-type", "text/html; charset=utf-8")
          .header("content-security-policy", REFERENCE_PAGE_CSP)
          .header("cache-control", "no-cache")
          .send(REFERENCE_PAGE);
      },
    },
  });
});

// A route without a declared request or answer would be undocumented and its answers unchecked in
// tests; a call that takes no input declares `noInputSchema` as its query.
function requireDeclaredSchemas(route: RouteOptions, request: RequestPart[]): void {
  const name = `${[route.method].flat().join(",")} ${route.url}`;
  const statuses = Object.keys(route.schema?.response ?? {});
  if (!statuses.some((status) => /^2(\d\d|xx)$/.test(status)))
    throw new Error(`${name} declares no 2xx response schema`);
  if (request.length === 0)
    throw new Error(`${name} declares no request schema (params, querystring or body)`);
}
