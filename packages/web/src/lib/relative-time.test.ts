import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe("relativeTime", () => {
  it("reads 刚刚, minutes, hours and days as the spec says", () => {
    expect(relativeTime(now - 30_000, now)).toBe("刚刚");
    expect(relativeTime(now + 60_000, now)).toBe("刚刚");
    expect(relativeTime(now - 60_000, now)).toBe("1分钟前");
    expect(relativeTime(now - 59 * 60_000, now)).toBe("59分钟前");
    expect(relativeTime(now - 60 * 60_000, now)).toBe("1小时前");
    expect(relativeTime(now - 23.9 * 3_600_000, now)).toBe("23小时前");
    expect(relativeTime(now - 24 * 3_600_000, now)).toBe("1天前");
    expect(relativeTime(now - 6.9 * 86_400_000, now)).toBe("6天前");
  });

  it("shows MM-DD in Asia/Shanghai from a week on", () => {
    // 2026-11-10 20:30 UTC is already 11-11 in Shanghai.
    expect(relativeTime(new Date(Date.UTC(2026, 10, 10, 20, 30)).toISOString(), now)).toBe("11-11");
    expect(relativeTime("2026-01-05T00:00:00Z", now)).toBe("01-05");
  });

  it("gives nothing for an unreadable time", () => {
    expect(relativeTime("not a date", now)).toBe("");
  });
});
