import type { FirstScreen } from "@zhishu/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_JOURNAL_PREFIX } from "../features/outliner/journal-adoption";
import { rootViewId } from "../features/outliner/view-id";
import { VIEW_STATUS_KEY } from "../features/outliner/view-status";
import { textDraftKey } from "../features/richtext/text-drafts";
import { dismissEarlyScreen, earlyScreenPlan, paintEarlyScreen } from "./screen";

const group = (size: number, head: number[] = []) => ({ size, head, dict: {} });

/** A first-screen answer for node 5 with children 7, 6 and 8 (in that order by yorder). */
function answer(patch: Partial<FirstScreen["dnode"]> = {}): FirstScreen {
  const child = (id: number, name: string, extra: object = {}) => ({
    id,
    name,
    type: "NOTE",
    content: {},
    ...extra,
  });
  return {
    dnode: {
      id: 5,
      name: "读书笔记",
      type: "NOTE",
      content: {},
      parent_id: 2,
      main_relation: "CHILD_NODE",
      relations: { CHILD_NODE: group(3), x__CHILD_NODE: group(1, [2]) },
      ...patch,
    },
    relation_names: ["CHILD_NODE"],
    relations: [
      { id: 11, xnode: 5, ynode: 6, relation_name: "CHILD_NODE", yorder: 2 },
      { id: 10, xnode: 5, ynode: 7, relation_name: "CHILD_NODE", yorder: 1 },
      { id: 12, xnode: 5, ynode: 8, relation_name: "CHILD_NODE", yorder: 3 },
    ],
    related_nodes: [
      child(6, "<b>第二</b>", { is_public: true }),
      child(7, "", { relations: { CHILD_NODE: group(4) } }),
      child(8, "目录里", { type: "DIR" }),
    ],
    pagination_info: { CHILD_NODE: { page: 1, page_size: 40, total: 3, has_more: false } },
  } as unknown as FirstScreen;
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});
afterEach(() => vi.useRealTimers());

describe("what the early first screen shows", () => {
  it("the title and the rows in the app's order, with the app's bullets and type tags", () => {
    expect(earlyScreenPlan(answer(), null, localStorage)).toEqual({
      title: "读书笔记",
      titleLabel: null,
      rows: [
        { id: 7, name: "未命名", closed: true, isPublic: false, label: null },
        { id: 6, name: "<b>第二</b>", closed: false, isPublic: true, label: null },
        {
          id: 8,
          name: "目录里",
          closed: false,
          isPublic: false,
          label: { text: "目录", code: "DIR", custom: false },
        },
      ],
    });
  });

  it("nothing where the app will show something else first", () => {
    const none = (a: FirstScreen, relation: string | null = null) =>
      earlyScreenPlan(a, relation, localStorage);
    expect(none(answer({ type: "DIALOGUE" }))).toBeNull();
    expect(none(answer({ type: "DRAFTDNODE" }))).toBeNull();
    expect(none(answer({ content: { text: "<p>正文</p>" } }))).toBeNull();
    expect(none(answer(), "CHILD_NODE")).toBeNull();
    // A reverse link other than from its parent: the 反向关系 panel sits above the tree.
    expect(none(answer({ relations: { CHILD_NODE: group(3), x__REFERENCE: group(1, [9]) } }))).toBeNull();
    // Two groups of rows.
    expect(none(answer({ relations: { CHILD_NODE: group(3), NOTE: group(1) } }))).toBeNull();
    localStorage.setItem(VIEW_STATUS_KEY, JSON.stringify({ [rootViewId(5)]: { viewType: "CONTENTDNODE" } }));
    expect(none(answer())).toBeNull();
  });

  it("nothing while edits typed earlier wait to be sent: the answer has the older names", () => {
    expect(earlyScreenPlan(answer(), null, localStorage)).not.toBeNull();
    localStorage.setItem(
      `${PAGE_JOURNAL_PREFIX}tab-1`,
      JSON.stringify({ user: 1, entries: [], replaying: [] }),
    );
    expect(earlyScreenPlan(answer(), null, localStorage)).toBeNull();
    localStorage.clear();
    localStorage.setItem(textDraftKey(5), JSON.stringify({ html: "<p>没保存的正文</p>", at: 1 }));
    expect(earlyScreenPlan(answer(), null, localStorage)).toBeNull();
  });

  it("stops at a row whose node the answer does not hold", () => {
    const a = answer();
    a.related_nodes = a.related_nodes.filter((n) => n.id !== 6);
    expect(earlyScreenPlan(a, null, localStorage)?.rows.map((r) => r.id)).toEqual([7]);
  });
});

describe("drawing it and handing over", () => {
  const plan = () => {
    const drawn = earlyScreenPlan(answer(), null, localStorage);
    if (!drawn) throw new Error("no plan");
    return drawn;
  };
  const rowTexts = () => [...document.querySelectorAll("[data-early-row]")].map((row) => row.textContent);

  it("draws names as text, never as markup, hidden from assistive technology", () => {
    expect(paintEarlyScreen(plan())).toBe(true);
    expect(rowTexts()).toEqual(["未命名", "<b>第二</b>", "目录目录里"]);
    expect(document.querySelector(".early-screen b")).toBeNull();
    expect(document.querySelector(".early-title")?.textContent).toBe("读书笔记");
    expect(document.getElementById("early-screen")?.getAttribute("aria-hidden")).toBe("true");
  });

  it("does not draw over the app's rows, or twice", () => {
    document.body.innerHTML = '<div role="tree"><div role="treeitem">行</div></div>';
    expect(paintEarlyScreen(plan())).toBe(false);
    document.body.innerHTML = "";
    expect(paintEarlyScreen(plan())).toBe(true);
    expect(paintEarlyScreen(plan())).toBe(false);
    expect(document.querySelectorAll(".early-screen")).toHaveLength(1);
  });

  it("goes when the app takes over, at a key or click once the app is up, or after ten seconds", () => {
    vi.useFakeTimers();
    paintEarlyScreen(plan());
    dismissEarlyScreen();
    expect(document.getElementById("early-screen")).toBeNull();

    // Before the app has drawn anything, a key or a click would only uncover a blank page.
    document.body.innerHTML = '<div id="root"></div>';
    paintEarlyScreen(plan());
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(document.getElementById("early-screen")).not.toBeNull();
    document.getElementById("root")?.append(document.createElement("header"));
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    expect(document.getElementById("early-screen")).toBeNull();

    paintEarlyScreen(plan());
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(document.getElementById("early-screen")).toBeNull();

    paintEarlyScreen(plan());
    vi.advanceTimersByTime(9_999);
    expect(document.getElementById("early-screen")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById("early-screen")).toBeNull();
  });
});
