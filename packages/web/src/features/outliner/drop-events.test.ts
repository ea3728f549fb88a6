import { describe, expect, it } from "vitest";
import { carriesFiles, DropDeduper, dropPositionAt, isUploadableImage } from "./drop-events";

describe("where a drop lands on a row", () => {
  it("goes before the row on its upper half and inside it (last) on its lower half", () => {
    expect(dropPositionAt(100, 100, 32)).toBe("before");
    expect(dropPositionAt(115, 100, 32)).toBe("before");
    expect(dropPositionAt(116, 100, 32)).toBe("insideLast");
    expect(dropPositionAt(131, 100, 32)).toBe("insideLast");
  });
});

describe("duplicate drops", () => {
  it("are ignored when stamp, position and node are the same", () => {
    const drops = new DropDeduper();
    const drop = { timeStamp: 10, position: "before" as const, target: "1:CHILD_NODE/2" };
    expect(drops.seen(drop)).toBe(false);
    expect(drops.seen({ ...drop })).toBe(true);
    expect(drops.seen({ ...drop, timeStamp: 11 })).toBe(false);
    expect(drops.seen({ ...drop, timeStamp: 11, position: "insideLast" })).toBe(false);
    expect(drops.seen({ ...drop, timeStamp: 11, position: "insideLast", target: "x" })).toBe(false);
  });
});

describe("dropped files", () => {
  it("go to the image upload for the six image kinds, by MIME type", () => {
    for (const type of ["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp", "image/tiff"])
      expect(isUploadableImage({ type })).toBe(true);
    for (const type of ["image/svg+xml", "application/pdf", "text/plain", ""])
      expect(isUploadableImage({ type })).toBe(false);
  });

  it("are told from a row drag by the Files type", () => {
    expect(carriesFiles(["Files"])).toBe(true);
    expect(carriesFiles(["text/plain", "application/x-zhishu-row"])).toBe(false);
    expect(carriesFiles(undefined)).toBe(false);
  });
});
