import { MESSAGES } from "@zhishu/shared";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fillUserSearchVectors } from "../services/accounts/accounts";
import { call, makeUser } from "../test/client";
import { ids, socialApi } from "../test/social";
import { useTestServer } from "../test/use-test-server";

// Users' nodes, search vectors, blocks, follows and groups (people-spec 3, 6, 7; issue 16).

const { server } = useTestServer();
const { node, stats, request, list, post, people } = socialApi(server);

describe("virtual USER nodes", () => {
  it("shows a user's node and the caller's own, with zero stats at first", async () => {
    const [a, b] = await people(2);
    const res = await node(a, b.user.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: b.user.id,
      type: "USER",
      name: b.user.username,
      content: {
        user_id: b.user.id,
        user_type: "PERSON",
        stats: { friends_count: 0, groups_count: 0, followers_count: 0, following_count: 0 },
      },
      relationship: { is_friend: false, blocked: false, blocked_by: false, pending_request_id: null },
    });
    const mine = await call(server, "GET", "/api/user/virtual-node/current/", { token: a.access });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(a.user.id);
    expect(mine.body).not.toHaveProperty("relationship");
  });

  it("401s without login, 400s bad ids, 404s unknown users", async () => {
    const [a] = await people(1);
    expect((await call(server, "GET", `/api/user/virtual-node/?user_id=${a.user.id}`)).status).toBe(401);
    expect((await call(server, "GET", "/api/user/virtual-node/current/")).status).toBe(401);
    for (const bad of ["", "abc", "-1", "0"]) {
      const res = await call(server, "GET", `/api/user/virtual-node/?user_id=${bad}`, { token: a.access });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const missing = await node(a, 2_000_000_000);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(MESSAGES.userNotFound);
  });

  it("PUT /api/user/me/ sets the display name others see, and search finds it", async () => {
    const [a, b] = await people(2);
    const put = await call(server, "PUT", "/api/user/me/", {
      token: a.access,
      body: { content: { display_name: "知识小树", description: "你好", avatar_url: "/api/media/x.png" } },
    });
    expect(put.status).toBe(200);
    expect(put.body.content).toMatchObject({ display_name: "知识小树", user_type: "PERSON" });
    const seen = await node(b, a.user.id);
    expect(seen.body).toMatchObject({
      name: "知识小树",
      username: a.user.username,
      content: { description: "你好", avatar_url: "/api/media/x.png" },
    });
    const profile = await call(server, "GET", `/api/user/${a.user.id}`, { token: b.access });
    expect(profile.body.content.display_name).toBe("知识小树");
    for (const q of ["小树", "zhishi", "zsxs"]) {
      const found = await call(server, "GET", `/api/user/search/?q=${encodeURIComponent(q)}&limit=20`, {
        token: b.access,
      });
      expect(found.status).toBe(200);
      expect(ids({ body: { results: found.body } })).toContain(a.user.id);
    }
    const tooLong = await call(server, "PUT", "/api/user/me/", {
      token: a.access,
      body: { content: { display_name: "长".repeat(33) } },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe(MESSAGES.displayNameTooLong);
  });
});

describe("accounts made before user search had pinyin", () => {
  it("get their search vector filled at start, so pinyin finds them", async () => {
    const [a, b] = await people(2);
    await call(server, "PUT", "/api/user/me/", {
      token: a.access,
      body: { content: { display_name: "旧账号" } },
    });
    await server.database.db.execute(sql`update users set search_vector = null where id = ${a.user.id}`);
    const search = async () =>
      (await call(server, "GET", "/api/user/search/?q=jiuzhanghao", { token: b.access })).body.map(
        (u: { id: number }) => u.id,
      );
    expect(await search()).not.toContain(a.user.id);
    expect(await fillUserSearchVectors(server.database.db)).toBeGreaterThanOrEqual(1);
    expect(await search()).toContain(a.user.id);
  });
});

describe("blocks", () => {
  it("a blocked person cannot send friend requests or follow; the blocker sees the block; unblock undoes it", async () => {
    const [a, b] = await people(2);
    expect((await post(b, "/api/user/follow/", { user_id: a.user.id })).status).toBe(200);
    const blocked = await post(a, "/api/user/block/", { user_id: b.user.id });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ success: true, message: MESSAGES.blocked });
    expect(blocked.body.user.relationship).toMatchObject({ blocked: true, blocked_by: false });
    expect(await stats(a, a.user.id)).toMatchObject({ followers_count: 0 });
    const req = await request(b, a.user.id);
    expect(req.status).toBe(403);
    expect(req.body.error).toBe(MESSAGES.friendRequestBlocked);
    const fol = await post(b, "/api/user/follow/", { user_id: a.user.id });
    expect(fol.status).toBe(403);
    expect(fol.body.error).toBe(MESSAGES.followBlocked);
    const back = await request(a, b.user.id);
    expect(back.status).toBe(409);
    expect(back.body.error).toBe(MESSAGES.friendRequestYouBlocked);
    expect((await node(b, a.user.id)).body.relationship).toMatchObject({ blocked_by: true });
    const mine = await call(server, "GET", "/api/user/blocks/", { token: a.access });
    expect(ids(mine)).toEqual([b.user.id]);
    expect((await post(a, "/api/user/block/", { user_id: b.user.id })).status).toBe(200);
    expect((await post(a, "/api/user/unblock/", { user_id: b.user.id })).status).toBe(200);
    expect(ids(await call(server, "GET", "/api/user/blocks/", { token: a.access }))).toEqual([]);
    expect((await request(b, a.user.id)).status).toBe(201);
  });

  it("refuses oneself and groups (400), bad input (400), no login (401), unknown users (404)", async () => {
    const [a] = await people(1);
    expect((await post(a, "/api/user/block/", { user_id: a.user.id })).body.error).toBe(MESSAGES.blockSelf);
    const group = await post(a, "/api/user/group/", { group_name: `组${process.pid}b`, description: "" });
    expect((await post(a, "/api/user/block/", { user_id: group.body.group.id })).status).toBe(400);
    expect((await post(a, "/api/user/block/", { user_id: "x" })).status).toBe(400);
    expect((await post(a, "/api/user/unblock/", { user_id: 2_000_000_000 })).status).toBe(404);
    expect((await call(server, "POST", "/api/user/block/", { body: { user_id: a.user.id } })).status).toBe(
      401,
    );
    expect((await call(server, "GET", "/api/user/blocks/")).status).toBe(401);
  });
});

describe("follows", () => {
  it("follow / unfollow: FOLLOWER and FOLLOWING lists (also by side), counts, idempotent", async () => {
    const [a, b, c] = await people(3);
    expect((await post(a, "/api/user/follow/", { user_id: c.user.id })).status).toBe(200);
    expect((await post(b, "/api/user/follow/", { user_id: c.user.id })).status).toBe(200);
    const again = await post(b, "/api/user/follow/", { user_id: c.user.id });
    expect(again.body.user.content.stats.followers_count).toBe(2);
    expect(again.body.user.relationship.is_following).toBe(true);
    expect(ids(await list(a, c.user.id, "FOLLOWER")).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(ids(await list(a, a.user.id, "FOLLOWING"))).toEqual([c.user.id]);
    expect(ids(await list(a, a.user.id, "FOLLOW", "&side=following"))).toEqual([c.user.id]);
    const bySide = await call(
      server,
      "GET",
      `/api/user/virtual-node/relations/?user_id=${c.user.id}&side=followers`,
      {
        token: a.access,
      },
    );
    expect(bySide.body.relation_type).toBe("FOLLOWER");
    expect(bySide.body.total).toBe(2);
    expect(await stats(a, a.user.id)).toMatchObject({ following_count: 1 });
    const un = await post(a, "/api/user/unfollow/", { user_id: c.user.id });
    expect(un.body.user.content.stats.followers_count).toBe(1);
    expect((await post(a, "/api/user/unfollow/", { user_id: c.user.id })).status).toBe(200);
    const self = await post(a, "/api/user/follow/", { user_id: a.user.id });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe(MESSAGES.followSelf);
    expect((await call(server, "POST", "/api/user/follow/", { body: { user_id: c.user.id } })).status).toBe(
      401,
    );
  });

  it("fifty concurrent follows by ten people count ten followers", async () => {
    const star = await makeUser(server);
    const fans = await people(10);
    await Promise.all(
      fans.flatMap((f) =>
        Array.from({ length: 5 }, () => post(f, "/api/user/follow/", { user_id: star.user.id })),
      ),
    );
    expect(await stats(star, star.user.id)).toMatchObject({ followers_count: 10 });
  });

  it("relations: paged, 400 for a bad relation_type, 404 for an unknown user, 401 without login", async () => {
    const star = await makeUser(server);
    const fans = await people(5);
    for (const f of fans) await post(f, "/api/user/follow/", { user_id: star.user.id });
    const page1 = await list(star, star.user.id, "FOLLOWER", "&page=1&page_size=2");
    const page3 = await list(star, star.user.id, "FOLLOWER", "&page=3&page_size=2");
    expect(page1.body).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(ids(page1)).toEqual([fans[4]!.user.id, fans[3]!.user.id]);
    expect(ids(page3)).toEqual([fans[0]!.user.id]);
    for (const bad of ["&relation_type=ENEMY", "&page_size=0", ""]) {
      const res = await call(
        server,
        "GET",
        `/api/user/virtual-node/relations/?user_id=${star.user.id}${bad}`,
        {
          token: star.access,
        },
      );
      expect(res.status).toBe(400);
    }
    expect((await list(star, 2_000_000_000, "FRIEND")).status).toBe(404);
    const anon = await call(
      server,
      "GET",
      `/api/user/virtual-node/relations/?user_id=1&relation_type=FRIEND`,
    );
    expect(anon.status).toBe(401);
  });
});

describe("groups", () => {
  it("create: a GROUP user, owner first member; join, leave; MEMBER and GROUP lists; found by search", async () => {
    const [a, b] = await people(2);
    const name = `读书会${process.pid}`;
    const created = await post(a, "/api/user/group/", { group_name: name, description: "一起读书" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      message: MESSAGES.groupCreated,
      group: {
        type: "USER",
        name,
        content: {
          user_type: "GROUP",
          description: "一起读书",
          owner_id: a.user.id,
          stats: { members_count: 1 },
        },
        relationship: { is_member: true },
      },
    });
    const g = created.body.group.id as number;
    expect(await stats(a, a.user.id)).toMatchObject({ groups_count: 1 });
    const joined = await post(b, `/api/user/group/${g}/join/`);
    expect(joined.status).toBe(200);
    expect(joined.body.user.content.stats.members_count).toBe(2);
    const twice = await post(b, `/api/user/group/${g}/join/`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(MESSAGES.alreadyGroupMember);
    expect(ids(await list(b, g, "MEMBER"))).toEqual([a.user.id, b.user.id]);
    expect(ids(await list(b, b.user.id, "GROUP"))).toEqual([g]);
    for (const q of ["读书", "dushu", "dsh"]) {
      const found = await call(server, "GET", `/api/user/search/?q=${encodeURIComponent(q)}&limit=20`, {
        token: b.access,
      });
      const hit = found.body.find((u: { id: number }) => u.id === g);
      expect(hit?.content.user_type).toBe("GROUP");
    }
    const profile = await call(server, "GET", `/api/user/${g}`, { token: b.access });
    expect(profile.body.content.user_type).toBe("GROUP");
    // The group cannot sign in whatever the password.
    expect(
      (await call(server, "POST", "/api/login", { body: { username: name, password: "!group" } })).status,
    ).toBe(401);
    const ownerLeaves = await post(a, `/api/user/group/${g}/leave/`);
    expect(ownerLeaves.status).toBe(409);
    expect(ownerLeaves.body.error).toBe(MESSAGES.groupOwnerCannotLeave);
    expect((await post(b, `/api/user/group/${g}/leave/`)).status).toBe(200);
    const notIn = await post(b, `/api/user/group/${g}/leave/`);
    expect(notIn.status).toBe(409);
    expect(notIn.body.error).toBe(MESSAGES.notGroupMember);
    expect(await stats(b, b.user.id)).toMatchObject({ groups_count: 0 });
  });

  it("refuses a taken name (409), an empty or long name (400), joining a person (400), no login (401)", async () => {
    const [a, b] = await people(2);
    const name = `重名${process.pid}`;
    expect((await post(a, "/api/user/group/", { group_name: name, description: "" })).status).toBe(201);
    const dup = await post(b, "/api/user/group/", { group_name: name });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe(MESSAGES.groupNameTaken);
    const personName = await post(b, "/api/user/group/", { group_name: a.user.username });
    expect(personName.status).toBe(409);
    const empty = await post(a, "/api/user/group/", { group_name: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MESSAGES.groupNameRequired);
    expect((await post(a, "/api/user/group/", { group_name: "长".repeat(33) })).status).toBe(400);
    const person = await post(a, `/api/user/group/${b.user.id}/join/`);
    expect(person.status).toBe(400);
    expect(person.body.error).toBe(MESSAGES.notAGroup);
    expect((await post(a, "/api/user/group/abc/join/")).status).toBe(400);
    expect((await call(server, "POST", "/api/user/group/", { body: { group_name: "x" } })).status).toBe(401);
  });

  it("concurrent joins count each member once", async () => {
    const owner = await makeUser(server);
    const g = (await post(owner, "/api/user/group/", { group_name: `并发${process.pid}` })).body.group
      .id as number;
    const joiners = await people(6);
    const results = await Promise.all(
      joiners.flatMap((j) => [post(j, `/api/user/group/${g}/join/`), post(j, `/api/user/group/${g}/join/`)]),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 409)).toHaveLength(6);
    expect((await node(owner, g)).body.content.stats.members_count).toBe(7);
  });
});
