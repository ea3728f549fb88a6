import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Dnode } from "../../entities/dnode/types";
import { mockFetch } from "../../test-support/api";
import { makeNode, renderInApp, sentBody } from "../../test-support/content";
import { FieldGroup } from "./FieldGroup";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A server that applies each field edit to the node and answers with it. */
function fieldServer(node: Dnode) {
  return mockFetch((_url, init) => {
    const { content_type, content_value } = sentBody(init);
    return { body: { ...node, content: { ...node.content, [content_type]: content_value } } };
  });
}

const input = (label: string) => screen.getByRole("textbox", { name: label }) as HTMLInputElement;

function typeAndLeave(label: string, text: string) {
  fireEvent.change(input(label), { target: { value: text } });
  fireEvent.blur(input(label));
}

describe("FieldGroup", () => {
  it("shows the content fields but not the keys the node page shows elsewhere", () => {
    renderInApp(
      <FieldGroup
        node={makeNode({
          content: { text: "<p>正文</p>", description: "说明", to_updates: [], lang: "zh", priority: 2 },
        })}
        onChanged={() => {}}
      />,
    );
    expect(screen.getByText("语言")).toBeTruthy();
    expect(screen.getByText("优先级")).toBeTruthy();
    expect(screen.queryByText("text")).toBeNull();
    expect(screen.queryByText("description")).toBeNull();
    expect(screen.queryByText("to_updates")).toBeNull();
  });

  it("saves an edited number with its kind and reports the node the server confirmed", async () => {
    const node = makeNode({ content: { priority: 2 } });
    const fetch = fieldServer(node);
    const onChanged = vi.fn();
    renderInApp(<FieldGroup node={node} onChanged={onChanged} fieldSpecs={{ priority: { unit: "级" } }} />);
    expect(screen.getByText("级")).toBeTruthy();
    typeAndLeave("优先级", "5");
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe("/api/dnode/10/update_content_field");
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "priority",
      content_value: 5,
      field_kind: "number",
    });
    expect(onChanged.mock.calls[0]![0].content.priority).toBe(5);
  });

  it("refuses a number that is not numeric and JSON that does not parse, without saving", async () => {
    const fetch = mockFetch(() => ({ body: {} }));
    renderInApp(
      <FieldGroup node={makeNode({ content: { priority: 2, values: { a: 1 } } })} onChanged={() => {}} />,
    );
    typeAndLeave("优先级", "五");
    expect(await screen.findByText("Invalid number input")).toBeTruthy();
    typeAndLeave("可选值", "{a:");
    expect(await screen.findByText("Invalid JSON input")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves parsed JSON and does not send text that did not change", async () => {
    const node = makeNode({ content: { values: [1], lang: "zh" } });
    const fetch = fieldServer(node);
    renderInApp(<FieldGroup node={node} onChanged={() => {}} />);
    typeAndLeave("语言", "zh");
    typeAndLeave("可选值", '["是", "否"]');
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "values",
      content_value: ["是", "否"],
      field_kind: "json",
    });
  });

  it("shows the server's reason beside the field when a save fails, and logs it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => ({
      status: 403,
      body: { success: false, error: "你没有编辑该知识点的权限", code: "FORBIDDEN" },
    }));
    renderInApp(<FieldGroup node={makeNode({ content: { lang: "zh" } })} onChanged={() => {}} />);
    typeAndLeave("语言", "en");
    expect((await screen.findByRole("alert")).textContent).toContain("你没有编辑该知识点的权限");
    expect(log).toHaveBeenCalled();
    expect(input("语言").value).toBe("en");
  });

  it("toggles a boolean with a switch and sends true or false", async () => {
    const node = makeNode({ content: { is_static: false } });
    const fetch = fieldServer(node);
    renderInApp(<FieldGroup node={node} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole("switch", { name: "静态方法" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "is_static",
      content_value: true,
      field_kind: "boolean",
    });
  });

  it("chooses a select value among the options and sends them along", async () => {
    const node = makeNode({ content: { domaintype: "self" } });
    const fetch = fieldServer(node);
    const options = ["self", "concept", "number"];
    renderInApp(
      <FieldGroup
        node={node}
        onChanged={() => {}}
        fieldSpecs={{ domaintype: { kind: "select", options, label: "值类型" } }}
      />,
    );
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "值类型" }));
    fireEvent.click(await screen.findByTitle("concept"));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "domaintype",
      content_value: "concept",
      field_kind: "select",
      options,
    });
  });

  it("shows a datetime in Asia/Shanghai and sends null when it is cleared", async () => {
    const node = makeNode({ content: { start_time: Date.UTC(2026, 10, 22, 0, 30, 5) } });
    const fetch = fieldServer(node);
    const { container } = renderInApp(<FieldGroup node={node} onChanged={() => {}} />);
    const picker = screen.getByRole("textbox", { name: "开始时间" }) as HTMLInputElement;
    expect(picker.value).toBe("2026-11-22 08:30:05");
    fireEvent.mouseDown(container.querySelector(".ant-picker-clear")!);
    fireEvent.mouseUp(container.querySelector(".ant-picker-clear")!);
    fireEvent.click(container.querySelector(".ant-picker-clear")!);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "start_time",
      content_value: null,
      field_kind: "datetime",
    });
  });

  it("sends a typed datetime as epoch ms read in Asia/Shanghai", async () => {
    const node = makeNode({ content: { end_time: null } });
    const fetch = fieldServer(node);
    renderInApp(<FieldGroup node={node} onChanged={() => {}} />);
    const picker = screen.getByRole("textbox", { name: "结束时间" });
    fireEvent.mouseDown(picker);
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: "2026-12-01 09:00:00" } });
    fireEvent.keyDown(picker, { key: "Enter" });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "end_time",
      content_value: Date.UTC(2026, 11, 1, 1, 0, 0),
      field_kind: "datetime",
    });
  });

  it("says 'Invalid date format' for a stored time it cannot read", () => {
    renderInApp(<FieldGroup node={makeNode({ content: { start_time: "下周一" } })} onChanged={() => {}} />);
    expect(screen.getByText(/Invalid date format/)).toBeTruthy();
  });

  it("shows node links and sends ids for DnodeLink and DnodeList fields", async () => {
    const node = makeNode({ content: { checked_answer: 21, dd_ids: [3, 4] } });
    const fetch = fieldServer(node);
    renderInApp(<FieldGroup node={node} onChanged={() => {}} />);
    expect(screen.getByRole("link", { name: "知识点 #21" }).getAttribute("href")).toBe("/data/21");
    expect(screen.getByRole("link", { name: "知识点 #4" }).getAttribute("href")).toBe("/data/4");
    typeAndLeave("dd_ids", "3，4，8");
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch.mock.calls[0]![1])).toEqual({
      content_type: "dd_ids",
      content_value: [3, 4, 8],
      field_kind: "DnodeList",
    });
  });

  it("shows an image field's thumbnail from the media path", () => {
    renderInApp(
      <FieldGroup
        node={makeNode({ content: { avatar: "images/a.png" } })}
        onChanged={() => {}}
        fieldSpecs={{ avatar: { kind: "image" } }}
      />,
    );
    expect(screen.getByRole("img", { name: "images/a.png" }).getAttribute("src")).toBe(
      "/api/media/images/a.png",
    );
  });

  it("shows values without editors to a reader who may not write", () => {
    renderInApp(
      <FieldGroup
        node={makeNode({
          permissions: { read: true, write: false, admin: false },
          content: { is_static: true, start_time: Date.UTC(2026, 0, 1, 4), lang: "zh" },
        })}
        onChanged={() => {}}
      />,
    );
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByText("是")).toBeTruthy();
    expect(screen.getByText("2026-01-01 12:00:00")).toBeTruthy();
    expect(screen.getByText("zh")).toBeTruthy();
  });

  it("renders nothing when no field is left to show", () => {
    const { container } = renderInApp(
      <FieldGroup node={makeNode({ content: { text: "x" } })} onChanged={() => {}} />,
    );
    expect(container.querySelector(".content-fields")).toBeNull();
  });
});
