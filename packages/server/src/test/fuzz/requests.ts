import fc from "fast-check";
import { z } from "zod";
import type { RouteEntry } from "../../http/route-catalog";
import { type IdPool, type JsonSchema, malformedValue, nastyString, objectValue } from "./schema-arbitraries";

/** One request to send: everything needed to replay it by hand. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Who sends a request: signed-in users by their access tokens; tokens of the wrong kind (refresh) too. */
export interface Callers {
  tokens: string[];
  wrongKind: string[];
}

const toJsonSchema = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema) : undefined;

/** Percent-encodes any JS string, lone surrogates included (as their WTF-8 bytes), which encodeURIComponent refuses. */
export function encodeLoose(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** A value as it would travel in a query string or path. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => typeof v === "number")) return value.join(",");
  return JSON.stringify(value) ?? "";
}

const pathValue = (schema: JsonSchema | undefined, pool: IdPool) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...pool.ids).map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "abc",
        "1.5",
        "99999999999",
        "1e3",
        "%00",
        "%ED%A0%80",
        "9".repeat(600),
      ),
    },
    { weight: schema ? 1 : 2, arbitrary: nastyString.map((s) => encodeLoose(s.slice(0, 200))) },
  );

/** The URL with its `:params` (and a wildcard) filled, valid ids mostly, junk sometimes. */
function pathFor(route: RouteEntry, pool: IdPool): fc.Arbitrary<string> {
  const params = toJsonSchema(route.schema.params)?.properties ?? {};
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? "");
  const wildcard = route.url.endsWith("*")
    ? fc.constantFrom(
        "images/2026/11/0123456789abcdef0123456789abcdef.png",
        "../../etc/passwd",
        "%2e%2e/%2e%2e/jwt-secret",
        "files/x",
        "",
      )
    : fc.constant("");
  return fc
    .tuple(fc.tuple(...names.map((name) => pathValue(params[name], pool))), wildcard)
    .map(([values, rest]) => {
      let url = route.url;
      names.forEach((name, i) => {
        const value = values[i] ?? "";
        url = url.replace(`:${name}`, value === "" ? "x" : encodeURI(value).replace(/%25/g, "%"));
      });
      return url.endsWith("*") ? url.slice(0, -1) + rest : url;
    });
}

/** A query string from the route's schema, or a few junk pairs for a route without one. */
function queryFor(route: RouteEntry, pool: IdPool): fc.Arbitrary<string> {
  const schema = toJsonSchema(route.schema.querystring);
  const object: fc.Arbitrary<Record<string, unknown>> = schema
    ? objectValue(schema, pool)
    : fc.option(fc.dictionary(fc.constantFrom("token", "q", "id"), malformedValue, { maxKeys: 2 }), {
        nil: {},
      });
  return object.map((values) => {
    const pairs = Object.entries(values).map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(asText(v))}`);
    return pairs.length ? `?${pairs.join("&")}` : "";
  });
}

/** Bodies that are not what the route's schema describes at all. */
const rawBody = fc.oneof(
  fc.constantFrom(
    "",
    "null",
    "[]",
    "{",
    '{"a":1,}',
    '{"name":"\\u0000"}',
    '{"\\u0000":1}',
    '{"name":"\\ud800"}',
    '{"__proto__":{"admin":true}}',
    `{"content":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    `${'{"a":'.repeat(3000)}1${"}".repeat(3000)}`,
    "\u0000\u0001\u0002",
  ),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);

const contentTypes = fc.constantFrom(
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=zz",
  "application/json; charset=utf-16",
  "application/xml",
);

/** A body and its content type: mostly JSON from the schema, sometimes raw junk or another type. */
function bodyFor(route: RouteEntry, pool: IdPool): fc.Arbitrary<{ body?: string; type?: string }> {
  // fetch sends no body with a GET.
  if (route.method === "GET") return fc.constant({});
  if (route.method === "DELETE") {
    return fc.option(fc.record({ body: rawBody, type: fc.constant("application/json") }), {
      freq: 10,
      nil: {},
    });
  }
  const schema = toJsonSchema(route.schema.body);
  const fromSchema = (schema ? objectValue(schema, pool) : fc.jsonValue({ maxDepth: 3 })).map((value) => ({
    body: JSON.stringify(value),
    type: "application/json",
  }));
  return fc.oneof(
    { weight: 6, arbitrary: fromSchema },
    { weight: 2, arbitrary: fc.record({ body: rawBody, type: fc.constant("application/json") }) },
    { weight: 1, arbitrary: fc.record({ body: rawBody, type: contentTypes }) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Every request the fuzz may send to one route. */
export function requestFor(route: RouteEntry, pool: IdPool, callers: Callers): fc.Arbitrary<FuzzRequest> {
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...callers.tokens).map((t) => `Bearer ${t}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "Bearer forged.token.here",
        "Basic YTpi",
        "Bearer ",
        ...callers.wrongKind.map((t) => `Bearer ${t}`),
      ),
    },
  );
  return fc
    .record({ path: pathFor(route, pool), query: queryFor(route, pool), body: bodyFor(route, pool), auth })
    .map(({ path, query, body, auth }) => {
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      if (body.type) headers["content-type"] = body.type;
      return { method: route.method, path: path + query, headers, body: body.body };
    });
}
