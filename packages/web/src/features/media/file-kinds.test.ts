import { describe, expect, it } from "vitest";
import { extensionOf, formatFileSize, previewKindOf } from "./file-kinds";

describe("formatFileSize", () => {
  it("steps B, KB, MB, GB by 1024", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe("3.3 GB");
    expect(formatFileSize(2048 * 1024 ** 3)).toBe("2048 GB");
    expect(formatFileSize(-1)).toBe("");
  });
});

describe("extensionOf", () => {
  it("reads the last extension of a name or path", () => {
    expect(extensionOf("files/2026/01/报告.PDF")).toBe("pdf");
    expect(extensionOf("a.tar.gz")).toBe("gz");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("README")).toBe("");
  });
});

describe("previewKindOf", () => {
  it("previews PDF in a frame, images, and text by extension or text/* type", () => {
    expect(previewKindOf({ extension: "pdf" })).toBe("pdf");
    expect(previewKindOf({ mimeType: "application/pdf" })).toBe("pdf");
    for (const ext of ["jpg", "jpeg", "png", "gif"]) expect(previewKindOf({ extension: ext })).toBe("image");
    for (const ext of ["txt", "md", "json", "xml", "csv", "log"])
      expect(previewKindOf({ extension: `.${ext.toUpperCase()}` })).toBe("text");
    expect(previewKindOf({ extension: "yaml", mimeType: "text/yaml" })).toBe("text");
  });

  it("offers no preview for other files", () => {
    expect(previewKindOf({ extension: "docx", mimeType: "application/vnd.openxmlformats" })).toBe("none");
    expect(previewKindOf({ extension: "tiff", mimeType: "image/tiff" })).toBe("none");
    expect(previewKindOf({})).toBe("none");
  });
});
