import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp, sentBody } from "../../test-support/content";
import { ImageView } from "./ImageView";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const image = (content: Record<string, unknown>, write = true) =>
  makeNode({ type: "IMAGE", name: "清明上河图", content, permissions: { read: true, write, admin: false } });

const thumb = () => screen.getByRole("img", { name: "清明上河图" }) as HTMLImageElement;
const handle = () => screen.getByRole("separator", { name: /调整缩略图高度/ });

describe("ImageView", () => {
  it("shows the thumbnail from the media path at the default height, with the description", () => {
    renderInApp(
      <ImageView
        node={image({ image_path: "images/2026/01/a.png", description: "<p>北宋 张择端</p>" })}
        onChanged={() => {}}
      />,
    );
    expect(thumb().getAttribute("src")).toBe("/api/media/images/2026/01/a.png");
    expect(thumb().getAttribute("height")).toBe("100");
    expect(handle().getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getByText("北宋 张择端")).toBeTruthy();
  });

  it("shows the uploaded file's own name, never the key original_name", () => {
    renderInApp(
      <ImageView
        node={image({ image_path: "images/a.png", original_name: "清明上河图.png" })}
        onChanged={() => {}}
      />,
    );
    expect(screen.getByText("原文件名：清明上河图.png")).toBeTruthy();
    expect(screen.queryByText("original_name")).toBeNull();
  });

  it("drags the height, clamped to 800, and saves it once on release", async () => {
    const node = image({ image_path: "https://example.com/a.png", thumbnail_height: 200 });
    const fetch = mockFetch(() => ({
      body: { ...node, content: { ...node.content, thumbnail_height: 800 } },
    }));
    const onChanged = vi.fn();
    renderInApp(<ImageView node={node} onChanged={onChanged} />);
    expect(thumb().getAttribute("src")).toBe("https://example.com/a.png");
    fireEvent.pointerDown(handle(), { clientY: 100 });
    fireEvent.pointerMove(window, { clientY: 150 });
    expect(thumb().getAttribute("height")).toBe("250");
    fireEvent.pointerMove(window, { clientY: 2000 });
    expect(handle().getAttribute("aria-valuenow")).toBe("800");
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.pointerUp(window, { clientY: 2000 });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe("/api/dnode/10/update_content_field");
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "thumbnail_height",
      content_value: 800,
      field_kind: "number",
    });
  });

  it("changes the height by 10 with the arrow keys, never below 30, and saves on key release", async () => {
    const fetch = mockFetch((_u, init) => ({
      body: image({ image_path: "a.png", thumbnail_height: sentBody(init).content_value }),
    }));
    renderInApp(
      <ImageView node={image({ image_path: "a.png", thumbnail_height: 40 })} onChanged={() => {}} />,
    );
    fireEvent.keyDown(handle(), { key: "ArrowDown" });
    expect(handle().getAttribute("aria-valuenow")).toBe("50");
    fireEvent.keyDown(handle(), { key: "ArrowUp" });
    fireEvent.keyDown(handle(), { key: "ArrowUp" });
    fireEvent.keyDown(handle(), { key: "ArrowUp" });
    expect(handle().getAttribute("aria-valuenow")).toBe("30");
    fireEvent.keyUp(handle(), { key: "ArrowUp" });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBody(fetch.mock.calls[0]![1]).content_value).toBe(30);
  });

  it("keeps the new height but says why when saving it fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({
      status: 403,
      body: { success: false, error: "你没有编辑该知识点的权限", code: "FORBIDDEN" },
    }));
    renderInApp(<ImageView node={image({ image_path: "a.png" })} onChanged={() => {}} />);
    fireEvent.keyDown(handle(), { key: "ArrowDown" });
    fireEvent.keyUp(handle(), { key: "ArrowDown" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "保存缩略图高度失败：你没有编辑该知识点的权限",
    );
    expect(thumb().getAttribute("height")).toBe("110");
  });

  it("opens a preview on click and falls back to a placeholder when the image cannot load", async () => {
    renderInApp(<ImageView node={image({ image_path: "images/missing.png" })} onChanged={() => {}} />);
    fireEvent.click(thumb());
    await waitFor(() => expect(document.querySelector(".ant-image-preview")).not.toBeNull());
    cleanup();
    // jsdom loads no images: make antd's probe of the address fail as a missing file would.
    vi.spyOn(HTMLImageElement.prototype, "src", "set").mockImplementation(function (this: HTMLImageElement) {
      setTimeout(() => this.onerror?.(new Event("error")));
    });
    renderInApp(<ImageView node={image({ image_path: "images/missing.png" })} onChanged={() => {}} />);
    await waitFor(() => expect(thumb().getAttribute("src")).toMatch(/^data:image\/svg\+xml/));
  });

  it("offers no resize handle to a reader, and says so when there is no image", () => {
    renderInApp(<ImageView node={image({ image_path: "a.png" }, false)} onChanged={() => {}} />);
    expect(screen.queryByRole("separator")).toBeNull();
    cleanup();
    renderInApp(<ImageView node={image({})} onChanged={() => {}} />);
    expect(screen.getByText("没有图片")).toBeTruthy();
  });
});
