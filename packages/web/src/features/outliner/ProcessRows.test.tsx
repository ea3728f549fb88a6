import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { stubTreeLayout } from "../../test-support/outliner";
import { tickerListeners } from "../process/ticker";

let server: FakeServer;

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => screen.getByRole("treeitem", { name: new RegExp(`${name}$`) }) as HTMLElement;
const rowNames = () =>
  screen
    .getAllByRole("treeitem")
    .map((row) => (within(row).getByRole("textbox") as HTMLTextAreaElement).value);

describe("process rows in the outliner", () => {
  it("starts a process, ticks its clock, and shows the sibling the server paused at once", async () => {
    server.add(1, "本周目标", { type: "DIR" });
    server.add(2, "写报告", { parent: 1, type: "PROCESS" });
    server.add(3, "读书", { parent: 1, type: "PROCESS", content: { self_status: "paused", self_time: 0.5 } });
    server.add(4, "笔记", { parent: 1 });
    server.install();
    renderNodePage();

    await waitFor(() => expect(within(rowOf("写报告")).getByText("起草中")).toBeTruthy());
    // A paused process shows its time and offers 继续; a note shows no process controls.
    expect(within(rowOf("读书")).getByText("已暂停")).toBeTruthy();
    expect(within(rowOf("读书")).getByRole("timer").textContent).toBe("00:30:00");
    expect(within(rowOf("读书")).getByRole("button", { name: "继续「读书」" })).toBeTruthy();
    expect(within(rowOf("笔记")).queryByRole("button", { name: /开始/ })).toBeNull();
    expect(tickerListeners()).toBe(0);

    fireEvent.click(within(rowOf("写报告")).getByRole("button", { name: "开始「写报告」" }));
    await waitFor(() => expect(within(rowOf("写报告")).getByText("执行中")).toBeTruthy());
    expect(within(rowOf("写报告")).getByRole("button", { name: "暂停「写报告」" })).toBeTruthy();
    // One listener on the shared clock: only the running row ticks.
    expect(tickerListeners()).toBe(1);
    const clock = within(rowOf("写报告")).getByRole("timer");
    expect(clock.textContent).toMatch(/^00:00:0\d$/);
    await waitFor(() => expect(clock.textContent).not.toBe("00:00:00"), { timeout: 2500 });

    fireEvent.click(within(rowOf("读书")).getByRole("button", { name: "继续「读书」" }));
    await waitFor(() => expect(within(rowOf("写报告")).getByText("已暂停")).toBeTruthy());
    expect(within(rowOf("读书")).getByText("执行中")).toBeTruthy();
    expect(server.callsTo("POST", /call_action\/3\/start$/)).toHaveLength(1);

    fireEvent.click(within(rowOf("读书")).getByRole("button", { name: "完成「读书」" }));
    await waitFor(() => expect(within(rowOf("读书")).getByText("已完成")).toBeTruthy());
    expect(within(rowOf("读书")).queryByRole("button")).toBeNull();
    await waitFor(() => expect(tickerListeners()).toBe(0));
  });

  it("shows a process's children running first and completed last, notes where they were", async () => {
    server.add(1, "项目", { type: "PROCESS", content: { self_status: "sub_running" } });
    server.add(2, "已做完", {
      parent: 1,
      type: "PROCESS",
      content: { self_status: "completed", finished_at: "2020-01-01T00:00:00Z" },
    });
    server.add(3, "备注", { parent: 1 });
    server.add(4, "进行中", {
      parent: 1,
      type: "PROCESS",
      content: { self_status: "running", ran_at: new Date().toISOString() },
    });
    server.install();
    renderNodePage();
    await waitFor(() => expect(rowNames()).toEqual(["进行中", "备注", "已做完"]));

    fireEvent.click(within(rowOf("进行中")).getByRole("button", { name: "完成「进行中」" }));
    // Both completed now: the latest finish first.
    await waitFor(() => expect(within(rowOf("进行中")).getByText("已完成")).toBeTruthy());
    expect(rowNames()).toEqual(["进行中", "备注", "已做完"]);
  });

  it("starts a draft process when Enter saves it, also one typed a moment ago with PROCESS:", async () => {
    server.add(1, "目标", { type: "DIR" });
    server.add(2, "写报告", { parent: 1, type: "PROCESS" });
    server.install();
    renderNodePage();
    await waitFor(() => expect(within(rowOf("写报告")).getByText("起草中")).toBeTruthy());
    const editor = within(rowOf("写报告")).getByRole("textbox") as HTMLTextAreaElement;
    editor.focus();
    editor.setSelectionRange(3, 3);
    fireEvent.keyDown(editor, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(within(rowOf("写报告")).getByText("执行中")).toBeTruthy());

    // The new row Enter made: typed as a process, then Enter again.
    const created = document.activeElement as HTMLTextAreaElement;
    const typed = "PROCESS:读书";
    fireEvent.change(created, {
      target: { value: typed, selectionStart: typed.length, selectionEnd: typed.length },
    });
    await waitFor(() => expect(created.value).toBe("读书"));
    created.setSelectionRange(2, 2);
    fireEvent.keyDown(created, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(within(rowOf("读书")).getByText("执行中")).toBeTruthy());
    // The server paused the first when the second started.
    expect(within(rowOf("写报告")).getByText("已暂停")).toBeTruthy();
    const id = [...server.nodes.values()].find((n) => n.name === "读书")!.id;
    expect(server.nodes.get(id)!.type).toBe("PROCESS");
    expect(server.callsTo("POST", new RegExp(`call_action/${id}/start$`))).toHaveLength(1);
    // A note (or the empty row Enter made) starts nothing.
    expect(server.callsTo("POST", /call_action/)).toHaveLength(2);
  });

  it("pauses and resumes with Ctrl+Shift+Enter and finishes with Ctrl+Enter, through the status machine", async () => {
    server.add(1, "目标", { type: "DIR" });
    server.add(2, "写报告", { parent: 1, type: "PROCESS", content: { self_status: "paused" } });
    server.install();
    renderNodePage();
    await waitFor(() => expect(within(rowOf("写报告")).getByText("已暂停")).toBeTruthy());
    const editor = within(rowOf("写报告")).getByRole("textbox");
    fireEvent.keyDown(editor, { key: "Enter", ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(within(rowOf("写报告")).getByText("执行中")).toBeTruthy());
    fireEvent.keyDown(editor, { key: "Enter", ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(within(rowOf("写报告")).getByText("已暂停")).toBeTruthy());
    fireEvent.keyDown(editor, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(within(rowOf("写报告")).getByText("已完成")).toBeTruthy());
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      "/api/dnode/call_action/2/start",
      "/api/dnode/call_action/2/pause",
      "/api/dnode/call_action/2/finish",
    ]);
    // No new row, and no generic completion box on a process.
    expect(screen.getAllByRole("treeitem")).toHaveLength(1);
    expect(within(rowOf("写报告")).queryByRole("checkbox")).toBeNull();
  });

  it("says why when the server refuses an action", async () => {
    server.add(1, "目标", { type: "DIR" });
    server.add(2, "写报告", { parent: 1, type: "PROCESS" });
    server.install();
    renderNodePage();
    await waitFor(() => expect(within(rowOf("写报告")).getByText("起草中")).toBeTruthy());
    server.refuse = { method: "POST", path: /call_action/, status: 403, error: "没有权限" };
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await act(async () => {
      fireEvent.click(within(rowOf("写报告")).getByRole("button", { name: "开始「写报告」" }));
    });
    expect(await screen.findByText("操作失败：没有权限")).toBeTruthy();
    expect(within(rowOf("写报告")).getByText("起草中")).toBeTruthy();
  });
});
