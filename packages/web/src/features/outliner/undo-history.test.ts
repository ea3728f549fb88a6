import { describe, expect, it } from "vitest";
import { combined, endsWord, UndoHistory, type UndoStep } from "./undo-history";

/** A step that writes what it does into a log. */
const step = (log: string[], name: string): UndoStep => ({
  undo: () => void log.push(`undo ${name}`),
  redo: () => void log.push(`redo ${name}`),
});

describe("UndoHistory", () => {
  it("applies a step only after a slow one before it finished", async () => {
    const log: string[] = [];
    const history = new UndoHistory();
    let release = () => {};
    history.record({
      undo: () =>
        new Promise<void>((resolve) => {
          release = () => {
            log.push("undo slow");
            resolve();
          };
        }),
      redo: () => void log.push("redo slow"),
    });
    history.record(step(log, "fast"));
    history.undo();
    history.undo();
    await Promise.resolve();
    expect(log).toEqual(["undo fast"]);
    history.redo();
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(["undo fast"]);
    release();
    await history.idle();
    expect(log).toEqual(["undo fast", "undo slow", "redo slow"]);
  });

  it("undoes newest first, redoes in order, and a new edit ends the redo", async () => {
    const log: string[] = [];
    const history = new UndoHistory();
    history.record(step(log, "a"));
    history.record(step(log, "b"));
    expect(history.undo()).toBe(true);
    expect(history.undo()).toBe(true);
    expect(history.undo()).toBe(false);
    expect(history.redo()).toBe(true);
    history.record(step(log, "c"));
    expect(history.redo()).toBe(false);
    await history.idle();
    expect(log).toEqual(["undo b", "undo a", "redo a"]);
  });

  it("keeps the newest steps up to its limit", async () => {
    const log: string[] = [];
    const history = new UndoHistory(100);
    for (let i = 0; i < 150; i++) history.record(step(log, String(i)));
    expect(history.size).toBe(100);
    while (history.undo());
    await history.idle();
    expect(log.at(-1)).toBe("undo 50");
    expect(log).toHaveLength(100);
  });

  it("forgets a step taken back elsewhere, and joins a step to the newest", async () => {
    const log: string[] = [];
    const history = new UndoHistory();
    const a = step(log, "a");
    history.record(a);
    history.record(step(log, "create"));
    history.recordJoined(step(log, "rename"));
    history.forget(a);
    history.undo();
    expect(history.undo()).toBe(false);
    await history.idle();
    expect(log).toEqual(["undo create", "undo rename"]);
  });

  it("groups what one key records on many rows into one step", async () => {
    const log: string[] = [];
    const history = new UndoHistory();
    history.record(step(log, "before"));
    history.group(() => {
      history.record(step(log, "row 1"));
      history.record(step(log, "row 2"));
    });
    history.group(() => undefined);
    expect(history.size).toBe(2);
    history.undo();
    await history.idle();
    expect(log).toEqual(["undo row 2", "undo row 1"]);
  });

  it("combines steps: undone last-first, redone first-last", async () => {
    const log: string[] = [];
    const both = combined([step(log, "1"), step(log, "2")]);
    await both.undo();
    await both.redo();
    expect(log).toEqual(["undo 2", "undo 1", "redo 1", "redo 2"]);
  });
});

describe("endsWord", () => {
  it("is true when a space or a punctuation mark was just typed", () => {
    expect(endsWord("宋朝", "宋朝，")).toBe(true);
    expect(endsWord("Song", "Song ")).toBe(true);
    expect(endsWord("宋", "宋朝")).toBe(false);
    expect(endsWord("宋朝，", "宋朝")).toBe(false);
  });
});
