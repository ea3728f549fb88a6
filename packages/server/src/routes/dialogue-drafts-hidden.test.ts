import { describe, expect, it } from "vitest";
import { call } from "../test/client";
import { befriend, dialogueApi, people } from "../test/dialogues";
import { useTestServer } from "../test/use-test-server";

// A draft is its writer's unsent text: the lists of what a person made never show it (people-spec 4).
const { server } = useTestServer();
const api = dialogueApi(server);

const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const range = `start_date=${shanghaiDay(Date.now())}&end_date=${shanghaiDay(Date.now() + 86_400_000)}`;

describe("a dialogue draft in the lists of what I made", () => {
  it("is left out of 我的知识, my_last, the date-range reads and /xingwei's light read; a sent message is not", async () => {
    const [a, b] = await people(server, 2);
    await befriend(server, a, b);
    const id = await api.pair(a, b);
    const draft = (await api.draft(a, id)).body.draft_process;
    const get = async (path: string) => (await call(server, "GET", path, { token: a.access })).body;
    const idsIn = (body: unknown): number[] => {
      const list = Array.isArray(body) ? body : ((body as { results?: unknown[] }).results ?? []);
      return (list as { id: number }[]).map((n) => n.id);
    };
    const lists = async () => ({
      mine: idsIn(await get("/api/dnode/mydnodes/?page=1&page_size=50")),
      last: ((await get("/api/dnode/my_last")) as { id?: number } | null)?.id ?? null,
      range: idsIn(await get(`/api/dnode/my_dnodes_by_date_range?${range}`)),
      brief: idsIn(await get(`/api/dnode/my_dnodes_by_date_range/brief?${range}`)),
    });
    const before = await lists();
    expect(before.mine).not.toContain(draft.id);
    expect(before.last).not.toBe(draft.id);
    expect(before.range).not.toContain(draft.id);
    expect(before.brief).not.toContain(draft.id);

    // Once sent, the draft is a message in the dialogue, made by its writer: it is listed as theirs.
    await api.draft(a, id);
    await call(server, "POST", `/api/dnode/${draft.id}/update`, {
      token: a.access,
      body: { content: { text: "发出去的话" } },
    });
    const sent = await call(server, "POST", `/api/process/${draft.id}/delegate-and-create-new/`, {
      token: a.access,
      body: {},
    });
    expect(sent.status).toBe(200);
    const after = await lists();
    expect(after.range).toContain(draft.id);
    expect(after.range).not.toContain(sent.body.new_draft_process.id);
  });
});
