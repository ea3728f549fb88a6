import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { clearTokens, writeTokens } from "../../api/tokens";
import { fakeToken } from "../../test-support/api";
import { makeNode, renderInApp } from "../../test-support/content";
import { FileView } from "./FileView";

/** A fetch answering every request with the given body and status; returns the mock. */
function serve(body: string, status = 200) {
  const mock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal("fetch", mock);
  return mock;
}

const file = (content: Record<string, unknown>) => makeNode({ type: "FILE", name: "报告", content });
const pdf = file({
  file_path: "files/2026/01/u.pdf",
  original_name: "年度报告.pdf",
  file_type: "pdf",
  file_size: 1536 * 1024,
  mime_type: "application/pdf",
});

beforeEach(() => writeTokens({ access: fakeToken(600), refresh: fakeToken(3600) }));
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openPreview = () => fireEvent.click(screen.getByRole("button", { name: /预览/ }));

describe("FileView", () => {
  it("shows the original name and the size in KB / MB", () => {
    renderInApp(<FileView node={pdf} />);
    expect(screen.getByText("年度报告.pdf")).toBeTruthy();
    expect(screen.getByText("大小：1.5 MB")).toBeTruthy();
  });

  it("downloads the file with the token, under its original name", async () => {
    const fetch = serve("%PDF-1.7");
    // jsdom has no object URLs; give this test its own and take them away after.
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => "blob:1", revokeObjectURL: () => {} });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderInApp(<FileView node={pdf} />);
    fireEvent.click(screen.getByRole("button", { name: /下载/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe("年度报告.pdf");
    expect(clicked[0]!.getAttribute("href")).toBe("blob:1");
    expect(fetch.mock.calls[0]![0]).toBe("/api/media/files/2026/01/u.pdf");
    const headers = fetch.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.authorization).toMatch(/^Bearer /);
  });

  it("opens the link in a new tab when the download fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve("missing", 404);
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    renderInApp(<FileView node={pdf} />);
    fireEvent.click(screen.getByRole("button", { name: /下载/ }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(open.mock.calls[0]!.slice(0, 2)).toEqual(["/api/media/files/2026/01/u.pdf", "_blank"]);
  });

  it("previews a PDF in a 1000 px high frame", async () => {
    renderInApp(<FileView node={pdf} />);
    openPreview();
    const frame = (await screen.findByTitle("年度报告.pdf")) as HTMLIFrameElement;
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe("/api/media/files/2026/01/u.pdf");
    expect(frame.style.height).toBe("1000px");
  });

  it("previews an image", async () => {
    renderInApp(
      <FileView
        node={file({ file_path: "files/a.png", original_name: "截图.png", mime_type: "image/png" })}
      />,
    );
    openPreview();
    expect((await screen.findByRole("img", { name: "截图.png" })).getAttribute("src")).toBe(
      "/api/media/files/a.png",
    );
  });

  it("fetches and shows the text of a text file", async () => {
    const fetch = serve("第一行\n第二行");
    renderInApp(<FileView node={file({ file_path: "files/n.md", original_name: "笔记.md" })} />);
    openPreview();
    expect((await screen.findByText(/第一行/)).textContent).toBe("第一行\n第二行");
    expect(fetch.mock.calls[0]![0]).toBe("/api/media/files/n.md");
  });

  it("says 无法加载文件内容 when the text cannot be fetched", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve("", 500);
    renderInApp(
      <FileView node={file({ file_path: "files/x.log", original_name: "x.log", mime_type: "text/plain" })} />,
    );
    openPreview();
    expect(await screen.findByText("无法加载文件内容")).toBeTruthy();
  });

  it("tells the person to download a file it cannot preview", async () => {
    const fetch = serve("");
    renderInApp(
      <FileView node={file({ file_path: "files/a.docx", original_name: "合同.docx", file_size: 2048 })} />,
    );
    expect(screen.getByText("大小：2 KB")).toBeTruthy();
    openPreview();
    expect(await screen.findByText("无法预览此文件类型")).toBeTruthy();
    expect(screen.getByText("请下载文件后使用相应的应用程序打开")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("never sends the token to another site", async () => {
    const fetch = serve("plain");
    renderInApp(<FileView node={file({ file_path: "https://example.com/a.txt", original_name: "a.txt" })} />);
    openPreview();
    await screen.findByText("plain");
    expect(fetch.mock.calls[0]![0]).toBe("https://example.com/a.txt");
    expect(fetch.mock.calls[0]![1]!.headers).toEqual({});
  });
});
