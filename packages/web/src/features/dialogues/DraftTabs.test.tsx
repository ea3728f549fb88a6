import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { DraftEditor } from "./DraftEditor";
import { forgetDraftIds } from "./use-draft";

// Two tabs editing one draft (issue 17): two editors of the same person and dialogue, each with its
// own channel end, as two tabs of one browser have.
const DIALOGUE = 40;
const DRAFT = 50;

/** The server: one draft whose text the saves change; every save recorded as [draft id, text]. */
function server() {
  const state = { text: "", draft: DRAFT };
  const savedTo: Array<[number, string]> = [];
  const sent: string[] = [];
  mockFetch((url, init) => {
    if (url.includes(`/dialogue/${DIALOGUE}/draft/`))
      return { body: { success: true, draft_process: { id: state.draft, content: { text: state.text } } } };
    const update = /\/dnode\/(\d+)\/update/.exec(url);
    if (update) {
      const text = JSON.parse(String(init.body)).content.text;
      savedTo.push([Number(update[1]), text]);
      if (Number(update[1]) === state.draft) state.text = text;
      return { body: { id: Number(update[1]) } };
    }
    if (url.includes("/delegate-and-create-new/")) {
      sent.push(JSON.parse(String(init.body)).text);
      state.draft += 1;
      state.text = "";
      return {
        body: {
          success: true,
          delegated_process: { id: state.draft - 1, content: {} },
          new_draft_process: { id: state.draft, content: { text: "" } },
        },
      };
    }
    return { status: 404, body: {} };
  });
  return { state, savedTo, sent };
}

/** Two tabs' editors, each in its own app root. */
async function twoTabs() {
  for (const _ of [1, 2])
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient()}>
          <DraftEditor dialogueId={DIALOGUE} onSent={vi.fn()} />
        </QueryClientProvider>
      </Providers>,
    );
  const [a, b] = screen.getAllByRole("textbox", { name: "消息草稿" }) as HTMLTextAreaElement[];
  await waitFor(() => expect(a!.disabled || b!.disabled).toBe(false));
  return [a!, b!] as const;
}

const type = (box: HTMLTextAreaElement, text: string) => fireEvent.change(box, { target: { value: text } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

beforeEach(() => {
  localStorage.clear();
  forgetDraftIds();
  useAuth.setState({
    loggedIn: true,
    user: { id: 7, username: "alice", content: { user_root_node_id: 3 }, created_at: "" },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("two tabs on one draft", () => {
  it("the other tab follows what is typed, and neither saves stale text over the other", async () => {
    const { state, savedTo } = server();
    const [a, b] = await twoTabs();
    type(a, "你好");
    await waitFor(() => expect(b.value).toBe("你好"));
    await settle();
    type(b, "你好，明天见");
    await waitFor(() => expect(a.value).toBe("你好，明天见"));
    await settle();
    expect(state.text).toBe("你好，明天见");
    // Every save carried the newest text of its moment: never the old one after the new.
    expect(savedTo.map(([, text]) => text)).toEqual(["你好", "你好，明天见"]);
  });

  it("typing in both at once keeps both, the same text in each, saved", async () => {
    const { state } = server();
    const [a, b] = await twoTabs();
    type(a, "明天");
    await waitFor(() => expect(b.value).toBe("明天"));
    // b's keystroke has not reached a when a types: both edited "明天".
    type(b, "明天见");
    type(a, "今天明天");
    await waitFor(() => expect(a.value).toBe("今天明天见"));
    await waitFor(() => expect(b.value).toBe("今天明天见"));
    await settle();
    expect(state.text).toBe("今天明天见");
  });

  it("never changes a tab under an input method's composition; what came meanwhile is merged after", async () => {
    const { state } = server();
    const [a, b] = await twoTabs();
    type(a, "你好");
    await waitFor(() => expect(b.value).toBe("你好"));
    fireEvent.compositionStart(b);
    type(b, "你好shi");
    type(a, "你好！");
    await settle();
    // The composition goes on undisturbed.
    expect(b.value).toBe("你好shi");
    type(b, "你好世界");
    fireEvent.compositionEnd(b);
    // Both wrote at the end: one tab's text whole, the other's typing after it, alike in both tabs.
    await waitFor(() => expect(b.value).toMatch(/^(你好世界\n！|你好！\n世界)$/));
    await waitFor(() => expect(a.value).toBe(b.value));
    await settle();
    expect(state.text).toBe(a.value);
  });

  it("once one tab sends, the other moves to the new draft, keeping what it typed since", async () => {
    const { sent, savedTo } = server();
    const [a, b] = await twoTabs();
    type(a, "发出去的");
    await waitFor(() => expect(b.value).toBe("发出去的"));
    fireEvent.keyDown(a, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(sent).toEqual(["发出去的"]));
    await waitFor(() => expect(b.value).toBe(""));
    type(b, "下一条");
    await waitFor(() => expect(a.value).toBe("下一条"));
    await waitFor(() => expect(savedTo).toContainEqual([DRAFT + 1, "下一条"]));
    expect(savedTo.filter(([id, text]) => id === DRAFT && text !== "发出去的")).toEqual([]);
  });
});
