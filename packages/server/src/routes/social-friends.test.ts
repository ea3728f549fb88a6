import { MESSAGES } from "@zhishu/shared";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { call, makeUser } from "../test/client";
import { ids, socialApi, type User } from "../test/social";
import { useTestServer } from "../test/use-test-server";

// Friend requests, removing friends, and hearing requests live (people-spec 4, 6; issue 16).

const { server } = useTestServer();
const { node, stats, request, act, list, post, myProcesses, people } = socialApi(server);

describe("friend requests", () => {
  it("request → the target sees it in my_processes and reads it → accept: friends, counts, 已接受", async () => {
    const [a, b, c] = await people(3);
    const sent = await request(a, b.user.id, "你好，我是 A");
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      success: true,
      message: MESSAGES.friendRequestSent,
      request: {
        requester_id: a.user.id,
        target_user_id: b.user.id,
        request_type: "friend_request",
        self_status: "delegated",
        greeting_message: "你好，我是 A",
      },
    });
    const id = sent.body.process_id as number;
    const theirs = await myProcesses(b);
    const found = theirs.body.results.find((n: { id: number }) => n.id === id);
    expect(found).toMatchObject({
      type: "PROCESS",
      content: { xtype: "FriendRequestProcess", requester_id: a.user.id, target_user_id: b.user.id },
    });
    expect(found.permissions).toMatchObject({ read: true, write: false });
    expect((await myProcesses(a)).body.results.map((n: { id: number }) => n.id)).toContain(id);
    expect((await myProcesses(c)).body.results.map((n: { id: number }) => n.id)).not.toContain(id);
    expect((await call(server, "GET", `/api/dnode/${id}`, { token: b.access })).status).toBe(200);
    expect((await call(server, "GET", `/api/dnode/${id}`, { token: c.access })).status).toBe(403);
    expect((await node(b, a.user.id)).body.relationship.pending_request_id).toBe(id);
    // Not the target: 403 for the requester and for a stranger; nothing changes.
    for (const who of [a, c]) {
      for (const action of ["accept_friend", "reject_friend"]) {
        const res = await act(who, id, action);
        expect(res.status).toBe(403);
        expect(res.body.success).toBe(false);
      }
    }
    const accepted = await act(b, id, "accept_friend");
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe(MESSAGES.friendRequestAccepted);
    expect(accepted.body.dnodes[0].content).toMatchObject({ self_status: "completed", result: "accepted" });
    expect(await stats(c, a.user.id)).toMatchObject({ friends_count: 1 });
    expect(await stats(c, b.user.id)).toMatchObject({ friends_count: 1 });
    expect(ids(await list(c, a.user.id, "FRIEND"))).toEqual([b.user.id]);
    expect(ids(await list(c, b.user.id, "friend"))).toEqual([a.user.id]);
    expect((await node(a, b.user.id)).body.relationship).toMatchObject({
      is_friend: true,
      pending_request_id: null,
    });
    // Decided once: a second accept or a reject is a 409.
    for (const action of ["accept_friend", "reject_friend"]) {
      const again = await act(b, id, action);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(MESSAGES.friendRequestHandled);
    }
    // Friends already: a request either way is a 409.
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await request(from, to.user.id);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MESSAGES.friendRequestToFriend);
    }
    // The profile's shared / received lists do not show the request.
    const received = await call(
      server,
      "GET",
      `/api/user/public-anchors/?user_id=${b.user.id}&type=received`,
      {
        token: b.access,
      },
    );
    expect(received.body.results.map((n: { id: number }) => n.id)).not.toContain(id);
  });

  it("reject → completed with result rejected (已拒绝), no friendship, and a new request may follow", async () => {
    const [a, b] = await people(2);
    const id = (await request(a, b.user.id)).body.process_id as number;
    const rejected = await act(b, id, "reject_friend");
    expect(rejected.status).toBe(200);
    expect(rejected.body.message).toBe(MESSAGES.friendRequestRejected);
    expect(rejected.body.dnodes[0].content).toMatchObject({ self_status: "completed", result: "rejected" });
    expect(await stats(a, b.user.id)).toMatchObject({ friends_count: 0 });
    expect((await request(b, a.user.id)).status).toBe(201);
  });

  it("refuses oneself (400), a second open request either way (409), groups (400), bad input (400), no login (401)", async () => {
    const [a, b] = await people(2);
    const self = await request(a, a.user.id);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ success: false, error: MESSAGES.friendRequestSelf });
    expect((await request(a, b.user.id)).status).toBe(201);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await request(from, to.user.id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, error: MESSAGES.friendRequestOpen });
    }
    const long = await request(a, b.user.id, "字".repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(MESSAGES.greetingTooLong);
    const exactly = await request(b, (await makeUser(server)).user.id, "字".repeat(200));
    expect(exactly.status).toBe(201);
    for (const body of [{}, { user_id: "1" }, { user_id: -1 }, { user_id: b.user.id, greeting_message: 5 }]) {
      expect((await post(a, "/api/user/friend/request/", body)).status).toBe(400);
    }
    expect((await request(a, 2_000_000_000)).status).toBe(404);
    const group = await post(a, "/api/user/group/", { group_name: `组${process.pid}r`, description: "" });
    const toGroup = await request(b, group.body.group.id);
    expect(toGroup.status).toBe(400);
    expect(toGroup.body.error).toBe(MESSAGES.friendRequestNotPerson);
    const anonymous = await call(server, "POST", "/api/user/friend/request/", {
      body: { user_id: b.user.id },
    });
    expect(anonymous.status).toBe(401);
  });

  it("accept_friend on a node that is not a friend request is a 400; an unknown node 404", async () => {
    const [a] = await people(1);
    const created = await call(server, "POST", "/api/dnode/create/", {
      token: a.access,
      body: {
        type: "PROCESS",
        name: "伪造",
        parent_id: a.user.content.user_root_node_id,
        content: { xtype: "FriendRequestProcess", requester_id: 1, target_user_id: a.user.id },
      },
    });
    expect(created.status).toBeLessThan(300);
    const res = await act(a, created.body.dnode.id, "accept_friend");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.notAFriendRequest);
    expect((await act(a, 2_000_000_000, "accept_friend")).status).toBe(404);
  });

  it("concurrent A→B and B→A leave exactly one open request; concurrent accept and reject: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = await people(2);
      const both = await Promise.all([request(a, b.user.id), request(b, a.user.id)]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
      const winner = both.find((r) => r.status === 201)!;
      const target = winner.body.request.target_user_id === a.user.id ? a : b;
      const id = winner.body.process_id as number;
      const decided = await Promise.all([
        act(target, id, "accept_friend"),
        act(target, id, "accept_friend"),
        act(target, id, "reject_friend"),
      ]);
      const statuses = decided.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(2);
      const won = decided.find((r) => r.status === 200)!;
      const friends = won.body.message === MESSAGES.friendRequestAccepted ? 1 : 0;
      expect(await stats(a, a.user.id)).toMatchObject({ friends_count: friends });
      expect(await stats(a, b.user.id)).toMatchObject({ friends_count: friends });
      const content = (await call(server, "GET", `/api/dnode/${id}`, { token: target.access })).body.content;
      expect(content).toMatchObject({
        self_status: "completed",
        result: friends ? "accepted" : "rejected",
      });
    }
  });

  it("a request racing an accept of the reverse request never leaves friends with an open request", async () => {
    const [a, b] = await people(2);
    const id = (await request(a, b.user.id)).body.process_id as number;
    const [accept, reverse] = await Promise.all([act(b, id, "accept_friend"), request(b, a.user.id)]);
    expect(accept.status).toBe(200);
    expect(reverse.status).toBe(409);
    expect((await node(a, b.user.id)).body.relationship).toMatchObject({
      is_friend: true,
      pending_request_id: null,
    });
  });
});

describe("removing a friend and accepting against a block", () => {
  it("friend/remove ends the friendship either side (409 when not friends); a requester who blocked cannot be accepted", async () => {
    const [a, b, c] = await people(3);
    await act(b, (await request(a, b.user.id)).body.process_id, "accept_friend");
    const removed = await post(b, "/api/user/friend/remove/", { user_id: a.user.id });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      message: MESSAGES.friendRemoved,
      user: { relationship: { is_friend: false } },
    });
    expect(await stats(a, a.user.id)).toMatchObject({ friends_count: 0 });
    const again = await post(a, "/api/user/friend/remove/", { user_id: b.user.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MESSAGES.notFriends);
    expect((await post(a, "/api/user/friend/remove/", { user_id: 2_000_000_000 })).status).toBe(404);
    expect((await call(server, "POST", "/api/user/friend/remove/", { body: { user_id: 1 } })).status).toBe(
      401,
    );
    const id = (await request(a, c.user.id)).body.process_id as number;
    await post(a, "/api/user/block/", { user_id: c.user.id });
    const accept = await act(c, id, "accept_friend");
    expect(accept.status).toBe(403);
    expect(accept.body.error).toBe(MESSAGES.friendRequestBlockedSince);
    expect(await stats(c, c.user.id)).toMatchObject({ friends_count: 0 });
    // Refused, the request stays open: the target can still reject it.
    expect((await act(c, id, "reject_friend")).status).toBe(200);
  });
});

describe("live friend requests", () => {
  /** A /ws/processes/ socket collecting what it hears. */
  async function listen(as: User) {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/processes/?token=${as.access}`);
    const heard: { type: string; dnode?: { id: number; content: Record<string, unknown> } }[] = [];
    socket.on("message", (data) => heard.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once("open", resolve));
    const until = async (match: (m: (typeof heard)[number]) => boolean) => {
      for (let i = 0; i < 60 && !heard.some(match); i++) await new Promise((r) => setTimeout(r, 50));
      return heard.find(match);
    };
    return { socket, heard, until };
  }

  it("the target hears the request arrive and the requester hears it accepted; a stranger hears nothing", async () => {
    const [a, b, c] = await people(3);
    const [toA, toB, toC] = await Promise.all([listen(a), listen(b), listen(c)]);
    await toB.until((m) => m.type === "connection_established");
    const id = (await request(a, b.user.id, "在吗")).body.process_id as number;
    const arrived = await toB.until((m) => m.dnode?.id === id);
    expect(arrived?.type).toBe("process_created");
    expect(arrived?.dnode?.content).toMatchObject({
      xtype: "FriendRequestProcess",
      greeting_message: "在吗",
    });
    await act(b, id, "accept_friend");
    const done = await toA.until((m) => m.dnode?.id === id && m.dnode.content.result === "accepted");
    expect(done?.type).toBe("process_updated");
    await new Promise((r) => setTimeout(r, 300));
    expect(toC.heard.some((m) => m.dnode?.id === id)).toBe(false);
    for (const l of [toA, toB, toC]) l.socket.close(1000);
  });
});
