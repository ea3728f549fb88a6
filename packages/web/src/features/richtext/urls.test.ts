import { describe, expect, it } from "vitest";
import { embedForUrl, isAllowedIframeSrc, isAllowedLinkUrl, isVideoFileSrc } from "./urls";

describe("embedForUrl", () => {
  it("embeds a video file address as a video", () => {
    expect(embedForUrl(" https://cdn.example.com/talks/intro.MP4 ")).toEqual({
      kind: "video",
      src: "https://cdn.example.com/talks/intro.MP4",
    });
  });

  it("embeds players from the allowed hosts as iframes, always over https", () => {
    expect(embedForUrl("http://player.bilibili.com/player.html?bvid=BV1xx411c7mD")).toEqual({
      kind: "iframe",
      src: "https://player.bilibili.com/player.html?bvid=BV1xx411c7mD",
    });
    expect(embedForUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")?.kind).toBe("iframe");
  });

  it("turns a YouTube watch page into its embeddable player", () => {
    const player = { kind: "iframe", src: "https://www.youtube.com/embed/dQw4w9WgXcQ" };
    expect(embedForUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual(player);
    expect(embedForUrl("https://youtu.be/dQw4w9WgXcQ")).toEqual(player);
  });

  it("refuses other pages, other schemes and nonsense", () => {
    expect(embedForUrl("https://evil.example.com/player")).toBeNull();
    expect(embedForUrl("javascript:alert(1)//.mp4")).toBeNull();
    expect(embedForUrl("ftp://files.example.com/a.mp4")).toBeNull();
    expect(embedForUrl("视频")).toBeNull();
  });
});

describe("isAllowedIframeSrc / isVideoFileSrc", () => {
  it("accept only https players on the allowed hosts", () => {
    expect(isAllowedIframeSrc("https://player.youku.com/embed/XNDk")).toBe(true);
    expect(isAllowedIframeSrc("http://player.youku.com/embed/XNDk")).toBe(false);
    expect(isAllowedIframeSrc("https://www.youtube.com.evil.com/embed/x")).toBe(false);
    expect(isAllowedIframeSrc(null)).toBe(false);
  });

  it("accept only http(s) video files", () => {
    expect(isVideoFileSrc("https://a.example/v.webm")).toBe(true);
    expect(isVideoFileSrc("https://a.example/v.html")).toBe(false);
    expect(isVideoFileSrc("data:video/mp4;base64,AAAA")).toBe(false);
  });
});

describe("isAllowedLinkUrl", () => {
  it("accepts web addresses, mail addresses and paths inside the app", () => {
    expect(isAllowedLinkUrl("https://zh.wikipedia.org/wiki/宋朝")).toBe(true);
    expect(isAllowedLinkUrl("mailto:someone@example.com")).toBe(true);
    expect(isAllowedLinkUrl("/data/42")).toBe(true);
  });

  it("refuses the bare default, scripts and protocol-relative addresses", () => {
    expect(isAllowedLinkUrl("https://")).toBe(false);
    expect(isAllowedLinkUrl("javascript:alert(1)")).toBe(false);
    expect(isAllowedLinkUrl("//evil.example.com")).toBe(false);
    expect(isAllowedLinkUrl("")).toBe(false);
  });
});
