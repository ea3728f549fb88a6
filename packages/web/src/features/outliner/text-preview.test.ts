import { describe, expect, it } from "vitest";
import { PREVIEW_CHARS, textPreview } from "./text-preview";

describe("the text preview of a row", () => {
  it("turns the server's HTML into plain lines, entities decoded", () => {
    expect(
      textPreview({ text: "<p>牛顿&nbsp;<b>第一</b>定律</p><p>a &lt; b &amp;&#38; c&#x4e2d;</p>" }),
    ).toBe("牛顿 第一定律\na < b && c中");
  });

  it("never keeps markup: a script tag is dropped, its words stay text", () => {
    const preview = textPreview({ text: '<img src=x onerror="alert(1)"><script>x</script>&lt;i&gt;' });
    expect(preview).toBe("x<i>");
  });

  it("keeps at most three lines, with an ellipsis when there is more", () => {
    expect(textPreview({ text: "一<br>二<br/>三<br>四" })).toBe("一\n二\n三…");
    expect(textPreview({ text: "<p>一</p><p></p><p>二</p>" })).toBe("一\n二");
  });

  it("cuts a long text by characters, never inside one", () => {
    const preview = textPreview({ text: "😀".repeat(PREVIEW_CHARS + 1) });
    expect(Array.from(preview)).toHaveLength(PREVIEW_CHARS + 1);
    expect(preview.endsWith("😀…")).toBe(true);
  });

  it("is empty without text", () => {
    expect(textPreview({})).toBe("");
    expect(textPreview(undefined)).toBe("");
    expect(textPreview({ text: 5 })).toBe("");
  });
});
