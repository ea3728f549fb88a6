import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, call, makeUser } from "../test/client";
import { createNode } from "../test/factories";
import { startTestServer, type TestServer } from "../test/harness";

/**
 * The permission matrix of issue 4: every node and relation route against every role, with the status
 * each must get and, where a read is denied, no trace of the node's name or content in the body.
 */

type User = Awaited<ReturnType<typeof makeUser>>;
type Role = "owner" | "admin" | "writer" | "reader" | "publicReader" | "stranger" | "anonymous";
const ROLES: Role[] = ["owner", "admin", "writer", "reader", "publicReader", "stranger", "anonymous"];

/** Which roles each kind of route lets through. */
const ALLOWED: Record<string, Role[]> = {
  read: ["owner", "admin", "writer", "reader", "publicReader"],
  write: ["owner", "admin", "writer"],
  admin: ["owner", "admin"],
  // Search covers the caller's own working set and trees granted whole, not all published knowledge.
  search: ["owner", "admin", "writer", "reader"],
};

/** A fresh piece of a tree: node n with children c and c2; the secret marks n's name and content. */
interface Fixture {
  n: number;
  c: number;
  c2: number;
  rel: number;
  anchor: number;
  secret: string;
}

interface Case {
  name: string;
  kind: keyof typeof ALLOWED;
  /** Filtered reads answer 200 to everyone signed in and simply leave out what the caller may not read. */
  filtered?: boolean;
  /** The status an allowed caller gets (an action may refuse for other reasons once allowed). */
  ok?: number;
  /** Read routes share one fixture; routes that change things get a fresh one per role. */
  mutates?: boolean;
  /** What an allowed caller's filtered answer must hold (the node id unless said). */
  marker?: (f: Fixture) => string;
  run(f: Fixture, token: string | undefined, extra: User): Promise<ApiResponse>;
}

let server: TestServer;
const users = {} as Record<Exclude<Role, "anonymous">, User>;
let extra: User;
let privateTree: number;
let publicTree: number;
let counter = 0;

const req = (method: string, path: string, token: string | undefined, body?: unknown) =>
  call(server, method, path, { token, body });

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) if (role !== "anonymous") users[role] = await makeUser(server);
  extra = await makeUser(server);
  const owner = users.owner.access;
  privateTree = (await createNode(server, owner, { type: "DIR", name: "私有树" })).dnode.id;
  publicTree = (await createNode(server, owner, { type: "DIR", name: "公开树" })).dnode.id;
  for (const [role, level] of [
    ["admin", "admin"],
    ["writer", "write"],
    ["reader", "read"],
  ] as const) {
    const res = await req("POST", "/api/anchor-auth/manage/", owner, {
      anchor_id: privateTree,
      user_id: users[role].user.id,
      auth_type: level,
    });
    expect(res.status).toBe(200);
  }
  const published = await req("POST", "/api/anchor-auth/publish/", owner, {
    dnode_id: publicTree,
    is_public: true,
  });
  expect(published.status).toBe(200);
});
afterAll(() => server.close());

async function makeFixture(anchor: number): Promise<Fixture> {
  const owner = users.owner.access;
  const secret = `机密${process.pid}x${++counter}`;
  const n = (
    await createNode(server, owner, {
      type: "NOTE",
      name: `${secret}名`,
      content: { text: `${secret}文` },
      location_id: anchor,
    })
  ).dnode;
  const c = await createNode(server, owner, { type: "NOTE", name: "子一", location_id: n.id });
  const c2 = await createNode(server, owner, { type: "NOTE", name: "子二", location_id: n.id });
  return { n: n.id, c: c.dnode.id, c2: c2.dnode.id, rel: c.relation.id, anchor, secret };
}

const CASES: Case[] = [
  { name: "GET dnode", kind: "read", run: (f, t) => req("GET", `/api/dnode/${f.n}`, t) },
  {
    name: "GET relations_with_data",
    kind: "read",
    run: (f, t) => req("GET", `/api/dnode/${f.n}/relations_with_data/`, t),
  },
  { name: "GET path", kind: "read", run: (f, t) => req("GET", `/api/data/${f.c}/path`, t) },
  { name: "GET id_tree", kind: "read", run: (f, t) => req("GET", `/api/dnode/${f.n}/id_tree`, t) },
  { name: "GET evolves", kind: "read", run: (f, t) => req("GET", `/api/dnode/${f.n}/evolves`, t) },
  {
    name: "GET dnode_services",
    kind: "read",
    run: (f, t) => req("GET", `/api/virtual_dnodes/dnode_services/${f.n}/`, t),
  },
  { name: "GET relation by id", kind: "read", run: (f, t) => req("GET", `/api/dnode_relation/${f.rel}/`, t) },
  {
    name: "GET relation by nodes",
    kind: "read",
    run: (f, t) =>
      req(
        "GET",
        `/api/dnode_relation/get_by_nodes/?xnode_id=${f.n}&ynode_id=${f.c}&relation_name=CHILD_NODE`,
        t,
      ),
  },
  {
    name: "GET relation node",
    kind: "read",
    run: (f, t) =>
      req("GET", `/api/dnode_relation/get_relation_node/?relation_name=CHILD_NODE&xnode_id=${f.n}`, t),
  },
  {
    name: "GET anchor-auth",
    kind: "read",
    run: (f, t) => req("GET", `/api/anchor-auth/?anchor_id=${f.anchor}`, t),
  },
  {
    name: "GET check-permission",
    kind: "read",
    run: (f, t) =>
      req(
        "GET",
        `/api/anchor-auth/check-permission/?node_id=${f.n}&target_user_id=${users.owner.user.id}`,
        t,
      ),
  },
  {
    name: "GET by_ids",
    kind: "read",
    filtered: true,
    run: (f, t) => req("GET", `/api/dnode/by_ids?ids=[${f.n}]`, t),
  },
  {
    name: "GET batch_relations_with_data",
    kind: "read",
    filtered: true,
    run: (f, t) => req("GET", `/api/dnode/batch_relations_with_data/?node_ids=[${f.n}]`, t),
  },
  {
    name: "GET relations by ids",
    kind: "read",
    filtered: true,
    run: (f, t) => req("GET", `/api/dnode_relation/get_by_ids/?ids=[${f.rel}]`, t),
  },
  {
    name: "POST anchor-auth batch",
    kind: "read",
    filtered: true,
    marker: (f) => `"${f.anchor}":`,
    run: (f, t) => req("POST", "/api/anchor-auth/batch/", t, { anchor_ids: [f.anchor] }),
  },
  {
    name: "GET search",
    kind: "search",
    filtered: true,
    run: (f, t) => req("GET", `/api/dnode/search/?search=${encodeURIComponent(`${f.secret}名`)}`, t),
  },
  {
    name: "POST update",
    kind: "write",
    mutates: true,
    run: (f, t) => req("POST", `/api/dnode/${f.n}/update`, t, { name: "改名" }),
  },
  {
    name: "POST update_content_field",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", `/api/dnode/${f.n}/update_content_field`, t, {
        content_type: "priority",
        content_value: 1,
      }),
  },
  {
    name: "POST confirm",
    kind: "write",
    mutates: true,
    run: (f, t) => req("POST", `/api/dnode/${f.n}/confirm/`, t),
  },
  {
    name: "POST create under",
    kind: "write",
    mutates: true,
    run: (f, t) => req("POST", "/api/dnode/create/", t, { type: "NOTE", name: "新", location_id: f.n }),
  },
  {
    name: "POST delete_batch",
    kind: "write",
    mutates: true,
    run: (f, t) => req("POST", "/api/dnode/delete_batch", t, { ids: [f.c] }),
  },
  {
    name: "POST move",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/dnode/move", t, {
        moved_nodes_ids: [f.c],
        target_node_id: f.c2,
        old_location_id: f.n,
      }),
  },
  {
    // On the x side the moved node becomes the owner of the link, so it needs write too.
    name: "POST move to the x side",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/dnode/move", t, {
        moved_nodes_ids: [f.c],
        target_node_id: f.c2,
        new_side: "x",
        way: "refer",
      }),
  },
  {
    name: "POST refer",
    kind: "write",
    mutates: true,
    ok: 201,
    run: (f, t) => req("POST", "/api/dnode/refer", t, { refered_nodes_ids: [f.c], target_node_id: f.c2 }),
  },
  {
    name: "POST clone",
    kind: "write",
    mutates: true,
    ok: 201,
    run: (f, t) => req("POST", "/api/dnode/clone", t, { source_id: f.c, target_parent_id: f.c2 }),
  },
  {
    name: "POST move_here",
    kind: "write",
    mutates: true,
    run: (f, t) => req("POST", "/api/dnode/move_here", t, { node_id: f.c, location_node_id: f.c2 }),
  },
  {
    name: "POST change_parent",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/dnode_relation/change_parent/", t, { node_id: f.c, new_parent_id: f.c2 }),
  },
  {
    name: "POST relation create",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/dnode_relation/create/", t, { x_node_id: f.c2, y_node_id: f.c, y_name: "REFERENCE" }),
  },
  {
    name: "POST relation create_virtual",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/dnode_relation/create_virtual/", t, { x_node_id: f.n, y_node_name: "虚" }),
  },
  {
    name: "DELETE relation",
    kind: "write",
    mutates: true,
    run: (f, t) => req("DELETE", `/api/dnode_relation/${f.rel}/`, t),
  },
  {
    name: "POST remove-relation",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", `/api/dnode/${f.n}/remove-relation/`, t, { relation_name: "CHILD_NODE", y_node_id: f.c }),
  },
  {
    name: "POST add_related_value",
    kind: "write",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/dnode/add_related_value", t, {
        dnode_id: f.n,
        relation_name: "REFERENCE",
        related_value: { value: "文字值" },
      }),
  },
  {
    name: "POST call_action reject_updates",
    kind: "write",
    mutates: true,
    ok: 400, // allowed, then refused: nothing is pending
    run: (f, t) => req("POST", `/api/dnode/call_action/${f.n}/reject_updates`, t),
  },
  {
    name: "POST anchor-auth manage",
    kind: "admin",
    mutates: true,
    run: (f, t, x) =>
      req("POST", "/api/anchor-auth/manage/", t, { dnode_id: f.n, user_id: x.user.id, auth_type: "read" }),
  },
  {
    name: "POST dnode-permission",
    kind: "admin",
    mutates: true,
    run: (f, t, x) =>
      req("POST", "/api/dnode-permission/", t, { dnode: f.n, user: x.user.id, can_read: true }),
  },
  {
    name: "GET dnode-permission list",
    kind: "admin",
    mutates: true,
    run: (f, t) => req("GET", `/api/dnode-permission/?dnode_id=${f.n}`, t),
  },
  {
    name: "DELETE dnode-permission",
    kind: "admin",
    mutates: true,
    run: (f, t, x) => req("DELETE", `/api/dnode-permission/?dnode_id=${f.n}&user_id=${x.user.id}`, t),
  },
  {
    name: "POST publish (to the state it already has)",
    kind: "admin",
    mutates: true,
    run: (f, t) =>
      req("POST", "/api/anchor-auth/publish/", t, { dnode_id: f.n, is_public: f.anchor === publicTree }),
  },
];

describe("permission matrix: every node and relation route × every role", () => {
  let readFixtures: { private: Fixture; public: Fixture };
  beforeAll(async () => {
    readFixtures = { private: await makeFixture(privateTree), public: await makeFixture(publicTree) };
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const seen: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const role of ROLES) {
        // The public reader is a stranger to the private tree, tried on the published one.
        const tree = role === "publicReader" ? "public" : "private";
        const f = c.mutates
          ? await makeFixture(tree === "public" ? publicTree : privateTree)
          : readFixtures[tree];
        const token = role === "anonymous" ? undefined : users[role].access;
        const res = await c.run(f, token, extra);
        const allowed = ALLOWED[c.kind]!.includes(role);
        seen[role] = res.status;
        expected[role] = role === "anonymous" ? 401 : allowed || c.filtered ? (c.ok ?? 200) : 403;
        if (res.status >= 400) expect(typeof res.body.error, `${c.name} as ${role}`).toBe("string");
        const body = JSON.stringify(res.body);
        if (!allowed) expect(body, `${c.name} as ${role} leaks`).not.toContain(f.secret);
        if (allowed && c.filtered)
          expect(body, `${c.name} as ${role} finds`).toContain(c.marker?.(f) ?? String(f.n));
      }
      expect(seen).toEqual(expected);
    });
  }
});
