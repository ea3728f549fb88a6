import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { FakeServer } from "../../test-support/fake-server";
import { resetNodePageState } from "../../test-support/node-page";
import { stubTreeLayout } from "../../test-support/outliner";
import { NodePage } from "./NodePage";
import { pageViewType } from "./page-view";
import { VIEW_STATUS_KEY } from "./view-status";

/** The DRAFTDNODE view (草稿) in the node page's view switch (workspace-spec 2 "View types"). */

const ME = 7;
let server: FakeServer;
let sent: string[];

beforeAll(() => {
  stubTreeLayout(4000);
});

beforeEach(() => {
  resetNodePageState();
  useAuth.setState({
    loggedIn: true,
    user: { id: ME, username: "alice", content: { user_root_node_id: 3 }, created_at: "" },
  });
  sent = [];
  // 30: my draft in dialogue 40; 31: a message I sent there; 1 ─ 2: an ordinary tree.
  const ask = { xtype: "AskProcess", dialogue_id: 40 };
  server = new FakeServer();
  server
    .add(1, "知识树", { type: "DIR" })
    .add(2, "甲", { parent: 1 })
    .add(30, "", { type: "PROCESS", content: { ...ask, self_status: "draft", text: "写了一半" } })
    .add(31, "", { type: "PROCESS", content: { ...ask, self_status: "completed", text: "发过了" } });
  const fake = server.install();
  // The fake server knows no dialogues or creators: the draft's calls are answered here.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    if (url.includes("/dialogue/40/draft/"))
      return json({ success: true, draft_process: { id: 30, content: { text: "写了一半" } } });
    if (url.includes("/delegate-and-create-new/")) {
      sent.push(JSON.parse(String(init.body)).text);
      return json({
        success: true,
        delegated_process: { id: 30, content: {} },
        new_draft_process: { id: 32, content: { text: "" } },
      });
    }
    const answer = await fake(input, init);
    if (/\/api\/dnode\/3[01]$/.test(new URL(url, "http://x").pathname)) {
      return json({ ...(await answer.json()), creator_id: ME, owner_id: ME });
    }
    return answer;
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The node page as the app has it, with a dialogue route to go to after sending. */
function renderNodePage(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/data/:id", element: <NodePage /> },
      { path: "/dialogue/:id", element: <p>对话页</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return router;
}

const selectedView = () => document.querySelector(".ol-view-type .ant-segmented-item-selected")?.textContent;
const viewOptions = () =>
  [...document.querySelectorAll(".ol-view-type .ant-segmented-item-label")].map((e) => e.textContent);
/** Picks a view in the switch (the draft's content area also says 草稿). */
const pick = (label: string) =>
  fireEvent.click(
    [...document.querySelectorAll(".ol-view-type .ant-segmented-item-label")].find(
      (e) => e.textContent === label,
    )!,
  );
const rootStatus = (viewId: string) =>
  JSON.parse(localStorage.getItem(VIEW_STATUS_KEY) ?? "{}")[viewId] as Record<string, unknown> | undefined;

describe("草稿 (DRAFTDNODE) in the view switch", () => {
  it("opens one's own draft on its editor; 大纲 shows the tree and 草稿 brings the editor back", async () => {
    renderNodePage("/data/30");
    const editor = (await screen.findByRole("textbox", { name: "消息草稿" })) as HTMLTextAreaElement;
    await waitFor(() => expect(editor.value).toBe("写了一半"));
    expect(viewOptions()).toEqual(["大纲", "内容", "已选", "草稿"]);
    expect(selectedView()).toBe("草稿");
    expect(screen.getAllByRole("link", { name: "在对话中查看" })[0]!.getAttribute("href")).toBe(
      "/dialogue/40",
    );
    // The content area does not point to the editor it shows; the raw fields stay folded.
    expect(screen.queryByText("在下方的视图切换中选「草稿」即可编辑并发送")).toBeNull();
    expect(screen.getByRole("button", { name: "显示字段" })).toBeTruthy();
    // The tree and its add button give way to the editor.
    expect(screen.queryByRole("button", { name: "新建子节点" })).toBeNull();

    pick("大纲");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "消息草稿" })).toBeNull());
    expect(selectedView()).toBe("大纲");
    expect(screen.getByText("在下方的视图切换中选「草稿」即可编辑并发送")).toBeTruthy();

    pick("草稿");
    expect(await screen.findByRole("textbox", { name: "消息草稿" })).toBeTruthy();
    expect(rootStatus("$$/30")).toEqual({ viewType: "DRAFTDNODE" });
  });

  it("sends from the view: Enter sends, and the page goes to the dialogue", async () => {
    const router = renderNodePage("/data/30");
    const editor = (await screen.findByRole("textbox", { name: "消息草稿" })) as HTMLTextAreaElement;
    await waitFor(() => expect(editor.value).toBe("写了一半"));
    fireEvent.change(editor, { target: { value: "写完了" } });
    fireEvent.keyDown(editor, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(sent).toEqual(["写完了"]));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dialogue/40"));
    // Sent, the node is a message now: its page is a tree again.
    expect(rootStatus("$$/30")).toBeUndefined();
  });

  it("is not offered on other nodes, nor on a sent message, even if it was last chosen there", async () => {
    renderNodePage("/data/1");
    await screen.findByDisplayValue("甲");
    expect(viewOptions()).toEqual(["大纲", "内容", "已选"]);
    cleanup();
    localStorage.setItem(VIEW_STATUS_KEY, JSON.stringify({ "$$/31": { viewType: "DRAFTDNODE" } }));
    resetNodePageState();
    renderNodePage("/data/31");
    await screen.findByText("发过了");
    expect(viewOptions()).toEqual(["大纲", "内容", "已选"]);
    expect(selectedView()).toBe("大纲");
    expect(screen.queryByRole("textbox", { name: "消息草稿" })).toBeNull();
  });

  it("picks the view shown from what is stored, what is offered and what was picked", () => {
    expect(pageViewType(undefined, true, false)).toBe("DRAFTDNODE");
    expect(pageViewType(undefined, true, true)).toBe("TREEDNODE");
    expect(pageViewType("CONTENTDNODE", true, false)).toBe("CONTENTDNODE");
    expect(pageViewType("DRAFTDNODE", false, false)).toBe("TREEDNODE");
    expect(pageViewType(undefined, false, false)).toBe("TREEDNODE");
    expect(pageViewType("SELECTEDNODE", false, true)).toBe("SELECTEDNODE");
  });
});
