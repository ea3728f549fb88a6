import pg from "pg";
import { describe, expect, it } from "vitest";
import { intArrayParser } from "./int-arrays";

// node-postgres's own int4[] parser, which the fast one must agree with on every input.
const pgParser = pg.types.getTypeParser(1007 as Parameters<typeof pg.types.getTypeParser>[0], "text") as (
  text: string,
) => unknown;
const parse = intArrayParser(pgParser);

describe("int4[] parser", () => {
  it.each([
    ["{}"],
    ["{7}"],
    ["{4,5,6}"],
    ["{-3,0,2147483647,-2147483648}"],
    [`{${Array.from({ length: 200 }, (_, i) => 500_000 + i * 7).join(",")}}`],
    ["{1,NULL,3}"],
    ["{NULL}"],
    ["{{1,2},{3,4}}"],
    ["[0:2]={1,2,3}"],
  ])("reads %s as node-postgres does", (text) => {
    expect(parse(text)).toEqual(pgParser(text));
  });

  it("gives numbers, not strings", () => {
    expect(parse("{10,20}")).toStrictEqual([10, 20]);
  });
});
