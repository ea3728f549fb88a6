import { NODE_TYPES, SYSTEM_RELATIONS } from "@zhishu/shared";
import fc from "fast-check";

/** The subset of JSON Schema that zod's toJSONSchema produces for our request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** Ids worth sending: real ones of every user in the run, and a few that exist nowhere. */
export interface IdPool {
  ids: number[];
}

const LONE_HIGH = "\ud800";
const LONE_LOW = "\udfff";

/** Strings that have broken servers: NUL, lone surrogates, huge, deep-looking, numeric-looking, Chinese. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    `a\u0000b`,
    LONE_HIGH,
    `x${LONE_LOW}y`,
    "😀",
    "知识树",
    "１２３",
    "1e999",
    "-0",
    "0x10",
    "NaN",
    "null",
    "true",
    "[5]",
    "../../etc/passwd",
    "%00",
    "<script>alert(1)</script>",
    "'; drop table users; --",
    "x".repeat(70_000),
    "[".repeat(3000),
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

/** A deeply nested value (arrays or objects) of the given depth. */
const deep = (depth: number, asObject: boolean): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
};

/** A value of the wrong kind for almost any field. */
export const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    1e300,
    -1e300,
    [],
    [5],
    [[1]],
    {},
    { id: 1 },
    deep(80, false),
    deep(80, true),
    deep(2000, false),
  ),
  nastyString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

const isIdLike = (schema: JsonSchema) =>
  schema.type === "integer" && schema.minimum === 1 && schema.maximum === 2_147_483_647;

/** A value that fits the schema's shape (it may still be refused by a rule the schema does not show). */
export function plausibleValue(schema: JsonSchema, pool: IdPool, name = ""): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => plausibleValue(s, pool, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
      return isIdLike(schema)
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...pool.ids) },
            fc.integer({ min: 1, max: 2_147_483_647 }),
          )
        : fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      if (/type$/.test(name)) return fc.oneof(fc.constantFrom(...NODE_TYPES), nastyString);
      if (/relation|name$/i.test(name) && !/username/.test(name))
        return fc.oneof(
          fc.constantFrom(...SYSTEM_RELATIONS, "pv_1", "CHILD_NODE"),
          fc.string({ maxLength: 20 }),
        );
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("知识", "2026-11-23T10:00:00+08:00", "alice", "a@example.com"),
        },
      );
    case "array":
      return fc.array(
        schema.items ? plausibleValue(schema.items, pool, name) : fc.jsonValue({ maxDepth: 2 }),
        {
          maxLength: 4,
        },
      );
    case "object":
      return objectValue(schema, pool);
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

/** A field's value: usually plausible, sometimes of the wrong kind. */
const fieldValue = (schema: JsonSchema, pool: IdPool, name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: plausibleValue(schema, pool, name) },
    { weight: 1, arbitrary: malformedValue },
  );

/** An object for the schema: each field present (plausible or wrong) or missing, sometimes with extra fields. */
export function objectValue(schema: JsonSchema, pool: IdPool): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = properties.map(([name, field]) =>
    fc
      .option(fieldValue(field, pool, name), { freq: 4, nil: undefined })
      .map((value) => [name, value] as const),
  );
  const extras =
    typeof schema.additionalProperties === "object" || properties.length === 0
      ? fc.dictionary(
          nastyString.filter((k) => k.length < 100),
          malformedValue,
          { maxKeys: 3 },
        )
      : fc.option(fc.dictionary(fc.constantFrom("extra", "__proto__x", "id", "user_id"), malformedValue), {
          freq: 5,
        });
  return fc.tuple(fc.tuple(...fields), extras).map(([pairs, extra]) => {
    const out: Record<string, unknown> = { ...(extra ?? {}) };
    for (const [name, value] of pairs) if (value !== undefined) out[name] = value;
    return out;
  });
}
