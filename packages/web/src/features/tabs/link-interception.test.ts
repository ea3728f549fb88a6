import { describe, expect, it } from "vitest";
import { internalLinkOf } from "./link-interception";

const click = (html: string, extra: Partial<MouseEventInit> = {}) => {
  document.body.innerHTML = html;
  const target = document.querySelector("[data-hit]")!;
  return internalLinkOf({
    target,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    ...extra,
  });
};

describe("internalLinkOf", () => {
  it("takes an internal link, named by its text, even when the click lands inside it", () => {
    expect(click('<a href="/data/5"><span data-hit>  宋史 </span></a>')).toEqual({
      url: "/data/5",
      name: "宋史",
    });
  });

  it("names it by the text a person sees, never by screen-reader-only text", () => {
    expect(click('<a href="/data/5" data-hit><span class="ol-sr">打开「监督学习」</span></a>')).toEqual({
      url: "/data/5",
      name: "",
    });
    expect(click('<a href="/data/6" data-hit><i aria-hidden="true">•</i>监督学习</a>')!.name).toBe(
      "监督学习",
    );
  });

  it("leaves modified clicks, other targets, downloads, external and API links to the browser", () => {
    expect(click('<a href="/data/5" data-hit>x</a>', { ctrlKey: true })).toBeNull();
    expect(click('<a href="/data/5" data-hit>x</a>', { button: 1 })).toBeNull();
    expect(click('<a href="/data/5" target="_blank" data-hit>x</a>')).toBeNull();
    expect(click('<a href="/api/media/a.pdf" data-hit>x</a>')).toBeNull();
    expect(click('<a href="/f.txt" download data-hit>x</a>')).toBeNull();
    expect(click('<a href="https://example.com" data-hit>x</a>')).toBeNull();
    expect(click('<a href="//evil.example" data-hit>x</a>')).toBeNull();
    expect(click("<button data-hit>x</button>")).toBeNull();
  });
});
