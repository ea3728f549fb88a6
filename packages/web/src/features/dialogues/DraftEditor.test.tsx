import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Providers } from "../../app/Providers";
import { useAuth } from "../../stores/auth";
import { mockFetch } from "../../test-support/api";
import { DraftEditor } from "./DraftEditor";
import { draftCopyKey } from "./draft-copy";
import { MessagesPage } from "./MessagesPage";
import { forgetDraftIds } from "./use-draft";

const DIALOGUE = 40;
const DRAFT = 50;

/** The server: one draft (with `serverText`), saves and sends recorded; sending fails when `sendFails`. */
function server(serverText = "", sendFails = false) {
  const sent: string[] = [];
  const saved: string[] = [];
  /** Every autosave as [draft id, text]. */
  const savedTo: Array<[number, string]> = [];
  const fetch = mockFetch((url, init) => {
    const update = /\/dnode\/(\d+)\/update/.exec(url);
    if (update) savedTo.push([Number(update[1]), JSON.parse(String(init.body)).content.text]);
    if (url.includes(`/dialogue/${DIALOGUE}/draft/`))
      return { body: { success: true, draft_process: { id: DRAFT, content: { text: serverText } } } };
    if (update) {
      saved.push(JSON.parse(String(init.body)).content.text);
      return { body: { id: DRAFT } };
    }
    if (url.includes("/delegate-and-create-new/")) {
      if (sendFails) return { status: 500, body: { success: false, error: "服务器出错", code: "INTERNAL" } };
      const text = JSON.parse(String(init.body)).text;
      sent.push(text);
      return {
        body: {
          success: true,
          delegated_process: { id: DRAFT, content: { text } },
          new_draft_process: { id: DRAFT + 1, content: { text: "" } },
        },
      };
    }
    return { status: 404, body: {} };
  });
  return { sent, saved, savedTo, fetch };
}

async function editor(onSent = vi.fn()) {
  render(
    <Providers>
      <QueryClientProvider client={new QueryClient()}>
        <DraftEditor dialogueId={DIALOGUE} onSent={onSent} />
      </QueryClientProvider>
    </Providers>,
  );
  const box = screen.getByRole("textbox", { name: "消息草稿" }) as HTMLTextAreaElement;
  await waitFor(() => expect(box.disabled).toBe(false));
  return box;
}

const type = (box: HTMLTextAreaElement, text: string) => fireEvent.change(box, { target: { value: text } });

beforeEach(() => {
  localStorage.clear();
  forgetDraftIds();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the draft editor's keys (people-spec 5)", () => {
  it("Enter alone sends the text and the editor moves on to the new empty draft", async () => {
    const { sent } = server();
    const onSent = vi.fn();
    const box = await editor(onSent);
    type(box, "你好");
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(sent).toEqual(["你好"]));
    await waitFor(() => expect(box.value).toBe(""));
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: DRAFT }));
  });

  it("Shift, Ctrl, Alt or Meta with Enter does not send", async () => {
    const { sent } = server();
    const box = await editor();
    type(box, "第一行");
    for (const modifier of ["shiftKey", "ctrlKey", "altKey", "metaKey"])
      fireEvent.keyDown(box, { key: "Enter", keyCode: 13, [modifier]: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(box.value).toBe("第一行");
  });

  it("never sends on an input method's Enter: during a composition, with isComposing, or keyCode 229", async () => {
    const { sent } = server();
    const box = await editor();
    type(box, "ni");
    fireEvent.compositionStart(box);
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    fireEvent.compositionEnd(box);
    fireEvent.keyDown(box, { key: "Enter", keyCode: 229 });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13, isComposing: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    // Once the composition is over, Enter sends again.
    type(box, "你");
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(sent).toEqual(["你"]));
  });

  it("sends nothing for blank text", async () => {
    const { sent } = server();
    const box = await editor();
    type(box, "  \n ");
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});

describe("the draft survives", () => {
  it("is kept locally as typed and saved to the server once typing stops", async () => {
    const { saved } = server();
    const box = await editor();
    type(box, "还没发");
    expect(JSON.parse(localStorage.getItem(draftCopyKey(DIALOGUE)) ?? "null")).toEqual({
      draftId: DRAFT,
      text: "还没发",
    });
    await waitFor(() => expect(saved).toEqual(["还没发"]));
    await waitFor(() => expect(localStorage.getItem(draftCopyKey(DIALOGUE))).toBeNull());
  });

  it("a failed send keeps the text, and a reload offers the local copy over the server's older text", async () => {
    server("旧的", true);
    const box = await editor();
    type(box, "要发的话");
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    await screen.findByText("服务器出错");
    expect(box.value).toBe("要发的话");
    expect(JSON.parse(localStorage.getItem(draftCopyKey(DIALOGUE)) ?? "null")).toEqual({
      draftId: DRAFT,
      text: "要发的话",
    });
    // A reload before any save landed (the server still says 旧的): the page shows the local text.
    cleanup();
    const { saved } = server("旧的");
    const again = await editor();
    expect(again.value).toBe("要发的话");
    await waitFor(() => expect(saved).toEqual(["要发的话"]));
  });

  it("drops a local copy of a draft that was already sent", async () => {
    localStorage.setItem(draftCopyKey(DIALOGUE), JSON.stringify({ draftId: DRAFT - 1, text: "早就发了" }));
    server("");
    const box = await editor();
    expect(box.value).toBe("");
    expect(localStorage.getItem(draftCopyKey(DIALOGUE))).toBeNull();
  });
});

describe("two editors of one dialogue on the page", () => {
  it("once one sends, the other moves to the new draft and never saves into the sent message", async () => {
    const { sent, savedTo } = server();
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient()}>
          <DraftEditor dialogueId={DIALOGUE} onSent={vi.fn()} />
          <DraftEditor dialogueId={DIALOGUE} onSent={vi.fn()} />
        </QueryClientProvider>
      </Providers>,
    );
    const [first, second] = screen.getAllByRole("textbox", { name: "消息草稿" }) as HTMLTextAreaElement[];
    await waitFor(() => expect(first!.disabled || second!.disabled).toBe(false));
    type(first!, "发出去的");
    fireEvent.keyDown(first!, { key: "Enter", keyCode: 13 });
    await waitFor(() => expect(sent).toEqual(["发出去的"]));
    type(second!, "后来写的");
    // Saved into the new draft, never into the sent message.
    await waitFor(() => expect(savedTo).toContainEqual([DRAFT + 1, "后来写的"]));
    expect(savedTo.filter(([id]) => id === DRAFT)).toEqual([]);
  });
});

describe("after sending", () => {
  it("the sender's 我的消息 on the same page shows the new last message without a reload", async () => {
    const { sent } = server();
    const listed = () => ({
      success: true,
      unread_total: 0,
      dialogues: [
        {
          id: DIALOGUE,
          name: "bob",
          type: "DIALOGUE",
          content: {
            dialogue_type: "user_to_user",
            participants: [7, 8],
            participant_users: [],
            unread_count: 0,
            last_message_content: sent.at(-1) ?? "旧消息",
            last_message_time: "2026-11-28T08:00:00Z",
          },
          parent_id: null,
          main_relation: null,
          owner_id: 7,
          relations: {},
        },
      ],
    });
    const base = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes("/dialogue/messages/")
        ? Promise.resolve(
            new Response(JSON.stringify(listed()), { headers: { "content-type": "application/json" } }),
          )
        : base(input, init),
    );
    useAuth.setState({
      loggedIn: true,
      user: { id: 7, username: "alice", content: { user_root_node_id: 3 }, created_at: "" },
    });
    render(
      <Providers>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <MessagesPage />
            <DraftEditor dialogueId={DIALOGUE} onSent={vi.fn()} />
          </MemoryRouter>
        </QueryClientProvider>
      </Providers>,
    );
    expect(await screen.findByText("旧消息")).toBeTruthy();
    const box = screen.getByRole("textbox", { name: "消息草稿" }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    type(box, "新的一句");
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    expect(await screen.findByText("新的一句")).toBeTruthy();
  });
});
