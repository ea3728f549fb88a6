import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeServer } from "../../test-support/fake-server";
import { renderNodePage, resetNodePageState } from "../../test-support/node-page";
import { stubTreeLayout } from "../../test-support/outliner";

let server: FakeServer;

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  server = new FakeServer();
  server.add(1, "清单", { type: "DIR" });
  server.add(2, "买菜", { parent: 1 });
  server.add(3, "交房租", { parent: 1 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = (name: string) => screen.getByRole("treeitem", { name }) as HTMLElement;

describe("generic completion in rows", () => {
  it("ticks a row done with its box (finished_at now), strikes it through, and clears it again", async () => {
    server.nodes.get(3)!.finished_at = "2026-11-27T00:00:00.000Z";
    server.install();
    renderNodePage();
    await waitFor(() => expect(rowOf("买菜")).toBeTruthy());
    // Only done rows and the selected row carry a box.
    expect(within(rowOf("买菜")).queryByRole("checkbox")).toBeNull();
    expect(
      (within(rowOf("交房租")).getByRole("checkbox", { name: "完成「交房租」" }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(rowOf("交房租").className).toContain("ol-row-done");

    fireEvent.focus(within(rowOf("买菜")).getByRole("textbox"));
    const box = await within(rowOf("买菜")).findByRole("checkbox", { name: "完成「买菜」" });
    fireEvent.click(box);
    await waitFor(() => expect(rowOf("买菜").className).toContain("ol-row-done"));
    const [update] = server.callsTo("POST", /\/2\/update$/);
    expect(Date.parse((update.body as { finished_at: string }).finished_at)).toBeGreaterThan(0);

    fireEvent.click(within(rowOf("交房租")).getByRole("checkbox"));
    await waitFor(() => expect(rowOf("交房租").className).not.toContain("ol-row-done"));
    expect(server.callsTo("POST", /\/3\/update$/)[0].body).toEqual({ finished_at: null });
  });

  it("toggles with Ctrl+Enter in the name, and puts the row back when the server refuses", async () => {
    server.install();
    renderNodePage();
    await waitFor(() => expect(rowOf("买菜")).toBeTruthy());
    const editor = within(rowOf("买菜")).getByRole("textbox");
    fireEvent.keyDown(editor, { key: "Enter", ctrlKey: true });
    await waitFor(() => expect(rowOf("买菜").className).toContain("ol-row-done"));
    expect(screen.getAllByRole("treeitem")).toHaveLength(2);

    server.refuse = { method: "POST", path: /\/2\/update$/, status: 403, error: "没有权限" };
    fireEvent.keyDown(editor, { key: "Enter", ctrlKey: true });
    expect(await screen.findByText("保存失败：没有权限")).toBeTruthy();
    expect(rowOf("买菜").className).toContain("ol-row-done");
  });
});
