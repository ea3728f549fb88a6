import { describe, expect, it } from "vitest";
import { firstWebLink, hasDrawnRuns, hostOf, textRuns } from "./text-runs";
import { urlOfNode } from "./url-node";

describe("textRuns", () => {
  it("finds http(s) links among Chinese text and punctuation", () => {
    expect(textRuns("见https://example.com/a?b=1，然后")).toEqual([
      { kind: "text", text: "见" },
      { kind: "url", href: "https://example.com/a?b=1" },
      { kind: "text", text: "，然后" },
    ]);
    expect(firstWebLink("see http://x.org/page.")).toBe("http://x.org/page");
    expect(firstWebLink("ftp://x.org 和 https:// 不是链接")).toBeNull();
  });

  it("finds typed formulas, inline and display", () => {
    expect(textRuns("面积 \\(S=\\pi r^2\\) 和 \\[a^2\\]")).toEqual([
      { kind: "text", text: "面积 " },
      { kind: "formula", latex: "S=\\pi r^2", display: false },
      { kind: "text", text: " 和 " },
      { kind: "formula", latex: "a^2", display: true },
    ]);
    expect(hasDrawnRuns("还没写完 \\(x")).toBe(false);
    expect(hasDrawnRuns("普通的名字")).toBe(false);
  });
});

describe("URL nodes", () => {
  it("point at the link in their name, a bare address, or one in their content", () => {
    expect(urlOfNode({ type: "URL", name: "维基 https://zh.wikipedia.org/wiki/知识" })).toBe(
      "https://zh.wikipedia.org/wiki/知识",
    );
    expect(urlOfNode({ type: "URL", name: "example.com/docs" })).toBe("https://example.com/docs");
    expect(urlOfNode({ type: "URL", name: "文档", content: { url: "https://a.cn/x" } })).toBe(
      "https://a.cn/x",
    );
    expect(urlOfNode({ type: "NOTE", name: "https://a.cn" })).toBeNull();
    expect(hostOf("https://www.example.com/a")).toBe("example.com");
  });
});
