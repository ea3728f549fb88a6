import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./config";

describe("TRUST_PROXY", () => {
  it("is off unless set", () => {
    for (const value of [undefined, "", "false", "0"]) expect(parseTrustProxy(value)).toBe(false);
  });

  it("takes a number of proxy hops or the proxies' addresses", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.1, 10.1.0.0/16")).toEqual(["10.0.0.1", "10.1.0.0/16"]);
  });

  it("refuses true, which would let any client choose its address", () => {
    expect(() => parseTrustProxy("true")).toThrow(/X-Forwarded-For/);
  });
});
