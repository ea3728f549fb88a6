import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import { fieldValue } from "./content-field";

describe("fieldValue", () => {
  it("reads numbers and refuses anything else with the spec's text", () => {
    expect(fieldValue("priority", "3.5")).toBe(3.5);
    expect(() => fieldValue("priority", "abc")).toThrow(MESSAGES.invalidNumber);
    expect(() => fieldValue("x", "1e999", "number")).toThrow(MESSAGES.invalidNumber);
  });
  it("clamps a thumbnail height to 30–800", () => {
    expect(fieldValue("thumbnail_height", 5)).toBe(30);
    expect(fieldValue("thumbnail_height", 9000)).toBe(800);
  });
  it("stores datetimes as epoch ms read in Asia/Shanghai, null when cleared", () => {
    expect(fieldValue("start_time", "2026-11-22 08:00")).toBe(Date.UTC(2026, 10, 22, 0, 0));
    expect(fieldValue("start_time", "")).toBeNull();
    expect(() => fieldValue("start_time", "2026-02-30 10:00")).toThrow(MESSAGES.invalidDate);
  });
  it("parses JSON text and refuses what does not parse", () => {
    expect(fieldValue("values", '["a","b"]')).toEqual(["a", "b"]);
    expect(() => fieldValue("values", "{bad")).toThrow(MESSAGES.invalidJson);
  });
  it("checks select options and link ids", () => {
    expect(fieldValue("domaintype", "concept", "select", ["self", "concept"])).toBe("concept");
    expect(() => fieldValue("domaintype", "other", "select", ["self", "concept"])).toThrow(
      "请从可选值中选择",
    );
    expect(fieldValue("checked_answer", "12")).toBe(12);
    expect(() => fieldValue("dd_ids", [1, "x"])).toThrow();
  });
  it("keeps server-owned keys out of reach", () => {
    expect(() => fieldValue("to_updates", [])).toThrow();
  });
});
