import { describe, expect, it } from "vitest";
import type { Dnode } from "../../../entities/dnode/types";
import { hoursByChild, hoursByDay, ownHoursPerDay, toCsv } from "./time-series";

const process = (id: number, name: string, content: Record<string, unknown>, parent_id = 1): Dnode => ({
  id,
  name,
  type: "PROCESS",
  content,
  parent_id,
  main_relation: "CHILD_NODE",
  owner_id: 1,
  relations: {},
});

describe("time per day", () => {
  it("splits a running segment at Shanghai midnight and counts stopped time on the day it stopped", () => {
    // Running since 23:00 on the 27th in Shanghai (15:00 UTC), now 01:30 on the 28th; 2 h before that.
    const content = {
      self_status: "running",
      ran_at: "2026-11-27T15:00:00Z",
      self_time: 2,
      pause_time: "2026-11-27T03:00:00Z",
    };
    const now = Date.parse("2026-11-27T17:30:00Z");
    expect(ownHoursPerDay(content, now)).toEqual([
      { day: "2026-11-27", hours: 3 },
      { day: "2026-11-28", hours: 1.5 },
    ]);
    // Paused at 00:30 on the 28th in Shanghai (16:30 UTC on the 27th): its day is the 28th.
    expect(
      ownHoursPerDay({ self_status: "paused", self_time: 1, pause_time: "2026-11-27T16:30:00Z" }, now),
    ).toEqual([{ day: "2026-11-28", hours: 1 }]);
    expect(ownHoursPerDay({}, now)).toEqual([]);
  });

  it("stacks by top process, keeps the range, and never counts a parent's children twice", () => {
    const nodes = [
      process(10, "写论文", { self_status: "sub_running", self_time: 1, pause_time: "2026-11-27T02:00:00Z" }),
      process(
        11,
        "查资料",
        { self_status: "paused", self_time: 0.5, pause_time: "2026-11-27T03:00:00Z" },
        10,
      ),
      process(12, "健身", { self_status: "completed", self_time: 1, end_time: "2026-11-26T03:00:00Z" }),
      process(13, "很久以前", { self_status: "completed", self_time: 4, end_time: "2026-10-01T03:00:00Z" }),
      { ...process(14, "笔记", {}), type: "NOTE" },
    ];
    expect(hoursByDay(nodes, Date.now(), "2026-11-20", "2026-11-29")).toEqual([
      { day: "2026-11-26", series: "健身", hours: 1 },
      { day: "2026-11-27", series: "写论文", hours: 1.5 },
    ]);
  });
});

describe("time per child process", () => {
  it("lists child processes that have run, longest first", () => {
    const rows = hoursByChild(
      [
        process(2, "一", { self_status: "paused", total_time: 0.5 }),
        process(3, "二", { self_status: "completed", total_time: 2 }),
        process(4, "没开始", {}),
      ],
      Date.now(),
    );
    expect(rows).toEqual([
      { name: "二", hours: 2 },
      { name: "一", hours: 0.5 },
    ]);
  });
});

describe("CSV", () => {
  it("quotes what needs quoting, starts with a BOM, and defuses spreadsheet formulas", () => {
    const csv = toCsv(
      ["日期", "流程"],
      [
        ["2026-11-28", '说"你好", 再见'],
        ["2026-11-27", "=1+1"],
      ],
    );
    expect(csv).toBe('\ufeff日期,流程\r\n2026-11-28,"说""你好"", 再见"\r\n2026-11-27,\'=1+1\r\n');
  });
});
