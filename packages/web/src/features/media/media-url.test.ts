import { describe, expect, it } from "vitest";
import { clampThumbnailHeight, mediaPathOf, mediaUrl } from "./media-url";

describe("mediaUrl", () => {
  it("serves stored paths under /api/media/ and keeps http(s) addresses", () => {
    expect(mediaUrl("images/2026/01/a.png")).toBe("/api/media/images/2026/01/a.png");
    expect(mediaUrl("/api/media/files/b.pdf")).toBe("/api/media/files/b.pdf");
    expect(mediaUrl("/images/c.png")).toBe("/api/media/images/c.png");
    expect(mediaUrl("https://example.com/x.png")).toBe("https://example.com/x.png");
    expect(mediaUrl("HTTP://example.com/y.png")).toBe("HTTP://example.com/y.png");
  });
});

describe("clampThumbnailHeight", () => {
  it("keeps heights within 30–800 and defaults to 100", () => {
    expect(clampThumbnailHeight(250)).toBe(250);
    expect(clampThumbnailHeight(5)).toBe(30);
    expect(clampThumbnailHeight(5000)).toBe(800);
    expect(clampThumbnailHeight("240")).toBe(240);
    expect(clampThumbnailHeight(undefined)).toBe(100);
    expect(clampThumbnailHeight("高")).toBe(100);
  });
});

describe("mediaPathOf", () => {
  it("takes the path key, else a bare path in text, never rich text", () => {
    expect(mediaPathOf({ image_path: "images/a.png", text: "x.png" }, "image_path")).toBe("images/a.png");
    expect(mediaPathOf({ text: "files/b.pdf" }, "file_path")).toBe("files/b.pdf");
    expect(mediaPathOf({ text: "<p>说明</p>" }, "image_path")).toBeNull();
    expect(mediaPathOf({}, "image_path")).toBeNull();
  });
});
