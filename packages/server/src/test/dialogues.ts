import { userChatsLogicId } from "@zhishu/shared";
import { call, makeUser } from "./client";
import type { TestServer } from "./harness";

// Factories for the dialogue API tests: people, friendships and blocks made through the API, and the
// dialogue calls as one-liners.

// biome-ignore lint/suspicious/noExplicitAny: tests read response JSON freely; assertions check its shape
type Json = any;
export type Person = Awaited<ReturnType<typeof makeUser>>;

type Tuple<N extends number, R extends Person[] = []> = R["length"] extends N ? R : Tuple<N, [...R, Person]>;

/** n fresh people, as a tuple so they destructure without checks. */
export async function people<N extends number>(server: TestServer, n: N): Promise<Tuple<N>> {
  const out: Person[] = [];
  for (let i = 0; i < n; i++) out.push(await makeUser(server));
  return out as Tuple<N>;
}

const ok = <T extends { status: number; body: Json }>(res: T, status = 200): T => {
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
};

/**
 * a asks b to be friends and b accepts. The request is the first message of their dialogue (a card);
 * b has read it once accepted, so unread counts start from zero after this.
 */
export async function befriend(server: TestServer, a: Person, b: Person): Promise<void> {
  const sent = ok(
    await call(server, "POST", "/api/user/friend/request/", {
      token: a.access,
      body: { user_id: b.user.id },
    }),
    201,
  );
  ok(
    await call(server, "POST", `/api/dnode/call_action/${sent.body.process_id}/accept_friend`, {
      token: b.access,
      body: {},
    }),
  );
  const pair = ok(
    await call(server, "POST", "/api/dialogue/find-or-create-by-logic-id/", {
      token: b.access,
      body: { logic_id: userChatsLogicId(a.user.id, b.user.id) },
    }),
  );
  ok(
    await call(server, "POST", `/api/dialogue/${pair.body.dialogue_id}/read/`, { token: b.access, body: {} }),
  );
}

/** `who` blocks or unblocks `whom`. */
export async function setBlock(server: TestServer, who: Person, whom: Person, on: boolean): Promise<void> {
  ok(
    await call(server, "POST", `/api/user/${on ? "block" : "unblock"}/`, {
      token: who.access,
      body: { user_id: whom.user.id },
    }),
  );
}

/** The dialogue calls, bound to a server. */
export function dialogueApi(server: TestServer) {
  return {
    findOrCreate: (as: Person, logic_id: string, extra: Record<string, unknown> = {}) =>
      call(server, "POST", "/api/dialogue/find-or-create-by-logic-id/", {
        token: as.access,
        body: { logic_id, ...extra },
      }),
    /** The user-to-user dialogue of a and b, made by a; answers its id. */
    async pair(a: Person, b: Person): Promise<number> {
      const res = ok(
        await call(server, "POST", "/api/dialogue/find-or-create-by-logic-id/", {
          token: a.access,
          body: { logic_id: userChatsLogicId(a.user.id, b.user.id) },
        }),
      );
      return res.body.dialogue_id;
    },
    create: (as: Person, body: Record<string, unknown>) =>
      call(server, "POST", "/api/dialogue/create/", { token: as.access, body }),
    get: (as: Person, id: number, query = "") =>
      call(server, "GET", `/api/dialogue/${id}/${query}`, { token: as.access }),
    list: (as: Person, query = "") =>
      call(server, "GET", `/api/dialogue/messages/${query}`, { token: as.access }),
    read: (as: Person, id: number) =>
      call(server, "POST", `/api/dialogue/${id}/read/`, { token: as.access, body: {} }),
    draft: (as: Person, id: number) =>
      call(server, "GET", `/api/dialogue/${id}/draft/`, { token: as.access }),
    delegate: (as: Person, draftId: number, body: Record<string, unknown> = {}) =>
      call(server, "POST", `/api/process/${draftId}/delegate-and-create-new/`, { token: as.access, body }),
    /** Sends `text` as `as` in the dialogue (draft, then send); answers the response. */
    async say(as: Person, id: number, text: string) {
      const draft = ok(await call(server, "GET", `/api/dialogue/${id}/draft/`, { token: as.access }));
      return call(server, "POST", `/api/process/${draft.body.draft_process.id}/delegate-and-create-new/`, {
        token: as.access,
        body: { text },
      });
    },
    add: (as: Person, id: number, content_type: string, node_id: number) =>
      call(server, "POST", `/api/dialogue/${id}/add/`, { token: as.access, body: { content_type, node_id } }),
  };
}
