import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { renderInApp } from "../../test-support/content";
import { ActionBar, type NodeAction, PARAM_TEXTAREA_ROWS } from "./ActionBar";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const plan: NodeAction = {
  name: "plan",
  label: "制定计划",
  params: [
    { name: "goal", label: "目标", required: true, hint: "一句话说清楚" },
    { name: "hours", label: "预计时间", paramV: "number", unit: "小时", value: 2 },
  ],
};
const refresh: NodeAction = { name: "refresh", label: "刷新", params: [] };

describe("ActionBar", () => {
  it("runs an action without parameters at once", async () => {
    const onRun = vi.fn(async () => {});
    renderInApp(<ActionBar actions={[refresh]} onRun={onRun} />);
    fireEvent.click(screen.getByRole("button", { name: "刷新" }));
    await waitFor(() => expect(onRun).toHaveBeenCalledWith(refresh, {}));
  });

  it("asks for parameters, refuses a missing required one with 请输入{label}！, then runs with the values", async () => {
    const onRun = vi.fn(async () => {});
    renderInApp(<ActionBar actions={[refresh, plan]} onRun={onRun} />);
    fireEvent.click(screen.getByRole("button", { name: "制定计划" }));
    expect(await screen.findByText("一句话说清楚")).toBeTruthy();
    expect(screen.getByText("小时")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "执行" }));
    expect(await screen.findByText("请输入目标！")).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("textbox", { name: "目标" }), { target: { value: "读完宋史" } });
    fireEvent.click(screen.getByRole("button", { name: "执行" }));
    await waitFor(() => expect(onRun).toHaveBeenCalledWith(plan, { goal: "读完宋史", hours: 2 }));
  });

  it("keeps the form open and says why when the action fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onRun = vi.fn(async () => {
      throw new ApiError(400, "BAD_REQUEST", "参数不合法");
    });
    renderInApp(<ActionBar actions={[plan]} onRun={onRun} />);
    fireEvent.click(screen.getByRole("button", { name: "制定计划" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "目标" }), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "执行" }));
    expect(await screen.findByText("制定计划失败：参数不合法")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "目标" })).toBeTruthy();
  });

  it("asks for a long parameter in a box of 2 to 6 rows", async () => {
    const note: NodeAction = {
      name: "note",
      label: "写备注",
      params: [{ name: "text", label: "备注", paramV: "textarea" }],
    };
    renderInApp(<ActionBar actions={[note]} onRun={async () => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "写备注" }));
    const box = await screen.findByRole("textbox", { name: "备注" });
    expect(box.tagName).toBe("TEXTAREA");
    expect(PARAM_TEXTAREA_ROWS).toEqual({ minRows: 2, maxRows: 6 });
  });

  it("renders nothing without actions", () => {
    const { container } = renderInApp(<ActionBar actions={[]} onRun={async () => {}} />);
    expect(container.querySelector(".content-actions")).toBeNull();
  });
});
