import { describe, expect, it } from "vitest";
import {
  datetimeMillis,
  editText,
  fieldKeys,
  formatShanghai,
  kindOf,
  linkedIds,
  parseFieldInput,
  sameValue,
} from "./field-kinds";

describe("fieldKeys", () => {
  it("leaves out the keys other parts of the node page show", () => {
    const content = {
      text: "<p>x</p>",
      description: "d",
      to_updates: [],
      custom_prefix: "P",
      custom_class_id: 3,
      priority: 2,
      tag: "t",
    };
    expect(fieldKeys({ type: "NOTE", content })).toEqual(["priority", "tag"]);
  });

  it("leaves out the image and file keys only on IMAGE and FILE nodes", () => {
    const image = { image_path: "images/a.png", thumbnail_height: 120, original_name: "a.png", lang: "zh" };
    expect(fieldKeys({ type: "IMAGE", content: image })).toEqual(["lang"]);
    expect(fieldKeys({ type: "NOTE", content: image })).toEqual([
      "image_path",
      "thumbnail_height",
      "original_name",
      "lang",
    ]);
    const file = {
      file_path: "files/a.pdf",
      original_name: "a.pdf",
      file_type: "pdf",
      file_size: 9,
      mime_type: "application/pdf",
      logic_id: 4,
    };
    expect(fieldKeys({ type: "FILE", content: file })).toEqual(["logic_id"]);
  });

  it("leaves out the keys the page asks it to", () => {
    expect(
      fieldKeys({ type: "PROCESS", content: { self_status: "running", priority: 1 } }, ["self_status"]),
    ).toEqual(["priority"]);
  });
});

describe("kindOf", () => {
  it("prefers the page's spec, then the server's known kind, then the value's type", () => {
    expect(kindOf("priority", "x", { kind: "select" })).toBe("select");
    expect(kindOf("start_time", 0)).toBe("datetime");
    expect(kindOf("dd_ids", null)).toBe("DnodeList");
    expect(kindOf("checked_answer", 5)).toBe("DnodeLink");
    expect(kindOf("flag", false)).toBe("boolean");
    expect(kindOf("score", 3.5)).toBe("number");
    expect(kindOf("extra", { a: 1 })).toBe("json");
    expect(kindOf("list", [1, 2])).toBe("json");
    expect(kindOf("lang", "zh")).toBe("text");
    expect(kindOf("nothing", null)).toBe("text");
  });
});

describe("Shanghai datetimes", () => {
  it("formats epoch ms as YYYY-MM-DD HH:mm:ss in UTC+8", () => {
    expect(formatShanghai(Date.UTC(2026, 10, 22, 0, 30, 5))).toBe("2026-11-22 08:30:05");
    expect(formatShanghai(Date.UTC(2025, 11, 31, 16, 0, 0))).toBe("2026-01-01 00:00:00");
  });

  it("reads stored values as epoch ms: null when empty, NaN when unreadable", () => {
    expect(datetimeMillis(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(datetimeMillis("2026-11-22 08:30")).toBe(Date.UTC(2026, 10, 22, 0, 30));
    expect(datetimeMillis(null)).toBeNull();
    expect(datetimeMillis("")).toBeNull();
    expect(datetimeMillis("明天")).toBeNaN();
    expect(datetimeMillis({})).toBeNaN();
  });
});

describe("parseFieldInput", () => {
  it("reads numbers, or says 'Invalid number input'", () => {
    expect(parseFieldInput("number", " 42.5 ")).toEqual({ ok: true, value: 42.5 });
    expect(parseFieldInput("number", "4x")).toEqual({ ok: false, error: "Invalid number input" });
    expect(parseFieldInput("number", "")).toEqual({ ok: true, value: null });
  });

  it("parses JSON, or says 'Invalid JSON input'", () => {
    expect(parseFieldInput("json", '{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseFieldInput("json", "{a:1}")).toEqual({ ok: false, error: "Invalid JSON input" });
  });

  it("reads dates in Asia/Shanghai, or says 'Invalid date format'", () => {
    expect(parseFieldInput("datetime", "2026-11-22 08:30:00")).toEqual({
      ok: true,
      value: Date.UTC(2026, 10, 22, 0, 30),
    });
    expect(parseFieldInput("datetime", "2026-02-30 10:00")).toEqual({
      ok: false,
      error: "Invalid date format",
    });
  });

  it("reads node ids for links and lists", () => {
    expect(parseFieldInput("DnodeLink", "12")).toEqual({ ok: true, value: 12 });
    expect(parseFieldInput("DnodeLink", "0").ok).toBe(false);
    expect(parseFieldInput("DnodeList", "3, 4，5 6")).toEqual({ ok: true, value: [3, 4, 5, 6] });
    expect(parseFieldInput("DnodeList", "3, x").ok).toBe(false);
  });

  it("keeps text as typed", () => {
    expect(parseFieldInput("text", "  两端空格 ")).toEqual({ ok: true, value: "  两端空格 " });
  });
});

describe("editText, sameValue, linkedIds", () => {
  it("shows stored values as input text", () => {
    expect(editText("json", { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(editText("DnodeList", [1, 2])).toBe("1, 2");
    expect(editText("datetime", Date.UTC(2026, 0, 1, 4))).toBe("2026-01-01 12:00:00");
    expect(editText("number", 3)).toBe("3");
    expect(editText("text", null)).toBe("");
  });

  it("treats empty values alike and compares the rest by content", () => {
    expect(sameValue("", null)).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ a: [1] }, { a: [1] })).toBe(true);
    expect(sameValue(1, "1")).toBe(false);
    expect(sameValue("a", "b")).toBe(false);
  });

  it("lists the positive integer ids of a link or list", () => {
    expect(linkedIds(7)).toEqual([7]);
    expect(linkedIds([7, "8", -1, "x"])).toEqual([7, 8]);
    expect(linkedIds(null)).toEqual([]);
  });
});
