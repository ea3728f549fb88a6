import { call, makeUser } from "./client";
import type { TestServer } from "./harness";

/** A signed-in test user. */
export type User = Awaited<ReturnType<typeof makeUser>>;

type Users<N extends number, R extends User[] = []> = R["length"] extends N ? R : Users<N, [...R, User]>;

/** The ids in a page of user nodes. */
export const ids = (res: { body: { results: { id: number }[] } }) => res.body.results.map((u) => u.id);

/** The people calls the social tests make (docs/API.md "People"), against one test server. */
export function socialApi(server: TestServer) {
  const node = (as: User, id: number) =>
    call(server, "GET", `/api/user/virtual-node/?user_id=${id}`, { token: as.access });
  return {
    node,
    stats: async (as: User, id: number) => (await node(as, id)).body.content.stats,
    request: (from: User, to: number, greeting_message?: string) =>
      call(server, "POST", "/api/user/friend/request/", {
        token: from.access,
        body: greeting_message === undefined ? { user_id: to } : { user_id: to, greeting_message },
      }),
    act: (as: User, id: number, action: string) =>
      call(server, "POST", `/api/dnode/call_action/${id}/${action}`, { token: as.access, body: {} }),
    list: (as: User, id: number, type: string, extra = "") =>
      call(server, "GET", `/api/user/virtual-node/relations/?user_id=${id}&relation_type=${type}${extra}`, {
        token: as.access,
      }),
    post: (as: User, path: string, body?: unknown) =>
      call(server, "POST", path, { token: as.access, body: body ?? {} }),
    myProcesses: (as: User) =>
      call(server, "GET", "/api/process/my_processes/?page=1&page_size=50", { token: as.access }),
    /** n fresh users, typed as a tuple so they destructure without checks. */
    people: async <N extends number>(n: N, s: TestServer = server): Promise<Users<N>> => {
      const out: User[] = [];
      for (let i = 0; i < n; i++) out.push(await makeUser(s));
      return out as Users<N>;
    },
  };
}
