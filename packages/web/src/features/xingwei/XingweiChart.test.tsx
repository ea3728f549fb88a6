import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { BriefDnode } from "@zhishu/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { XingweiChart } from "./XingweiChart";

// The chart library draws on a canvas jsdom does not have: the lazy chart module is replaced by a
// table of the data it is given, which is what this test is about.
vi.mock("../process/charts/ColumnChart", () => ({
  default: ({ data, label }: { data: Array<Record<string, unknown>>; label: string }) => (
    <table aria-label={label}>
      <tbody>
        {data.map((row) => (
          <tr key={`${row.day}${row.series}`}>
            <td>{String(row.day)}</td>
            <td>{String(row.series)}</td>
            <td>{String(row.hours)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// Light rows, as my_dnodes_by_date_range/brief answers them.
const node = (id: number, name: string, content: Record<string, unknown>): BriefDnode => ({
  id,
  name,
  type: "PROCESS",
  content,
  parent_id: 1,
  created_at: "2026-11-27T01:00:00.000Z",
  finished_at: null,
});

describe("the time chart of 我的行为", () => {
  it("loads only when asked, shows time per day by process, and exports it as CSV", async () => {
    const nodes = [
      node(2, "写周报", { self_status: "paused", self_time: 1.5, pause_time: "2026-11-27T03:00:00Z" }),
    ];
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:x");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    render(
      <Providers>
        <XingweiChart nodes={nodes} from="2026-11-26" to="2026-11-29" />
      </Providers>,
    );
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /用时图表/ }));
    const table = await screen.findByRole("table", { name: "每天用时（小时，按顶层流程叠加）" });
    expect(table.textContent).toBe("2026-11-27写周报1.5");

    fireEvent.click(screen.getByRole("button", { name: /导出 CSV/ }));
    expect(clicked).toHaveBeenCalledOnce();
    const blob = created.mock.calls[0][0] as Blob;
    // Decoded keeping the BOM, which spreadsheet programs need to read the Chinese as UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await blob.arrayBuffer());
    expect(text).toBe("\ufeff日期,流程,小时\r\n2026-11-27,写周报,1.5\r\n");
  });

  it("says when there is no timed work in the range", () => {
    render(
      <Providers>
        <XingweiChart nodes={[]} from="2026-11-26" to="2026-11-29" />
      </Providers>,
    );
    fireEvent.click(screen.getByRole("button", { name: /用时图表/ }));
    expect(screen.getByText("这段时间还没有计时记录：开始一个流程后再来看。")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /导出 CSV/ })).toBeNull();
  });
});
