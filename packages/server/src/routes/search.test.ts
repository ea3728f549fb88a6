import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../test/client";
import { createNode, makeTree } from "../test/factories";
import { useTestServer } from "../test/use-test-server";

const { server, owner, stranger } = useTestServer({ users: ["owner", "stranger"] });
beforeAll(async () => {
  await makeTree(server, owner.access, {
    name: "知识树",
    children: [
      { name: "知识管理方法" },
      { name: "树木学" },
      { name: "Hello World" },
      { name: "重庆火锅", type: "CONCEPT" },
    ],
  });
  await makeTree(server, stranger.access, { name: "知识树的秘密" });
});

const search = async (params: string, token = owner.access) => {
  const res = await call(server, "GET", `/api/dnode/search/?${params}`, { token });
  expect(res.status).toBe(200);
  return res.body.map((n: { name: string }) => n.name) as string[];
};

describe("GET /api/dnode/search/", () => {
  it.each([
    ["a 2-character word", "知识"],
    ["an inner substring", "识树"],
    ["full pinyin", "zhishi"],
    ["pinyin initials", "zs"],
    ["the whole name", "知识树"],
  ])("finds 知识树 by %s, best match first", async (_, query) => {
    const names = await search(`search=${encodeURIComponent(query)}`);
    expect(names).toContain("知识树");
    if (query === "知识树") expect(names[0]).toBe("知识树");
  });

  it("ranks the exact name above longer names that contain it", async () => {
    expect((await search(`search=${encodeURIComponent("知识")}`)).slice(0, 2)).toEqual([
      "知识树",
      "知识管理方法",
    ]);
  });

  it("finds Latin words case-insensitively and polyphones by their reading in context", async () => {
    expect(await search("search=hello")).toEqual(["Hello World"]);
    expect(await search("search=chongqing")).toEqual(["重庆火锅"]);
  });

  it("filters by type", async () => {
    expect(await search(`search=${encodeURIComponent("重庆")}&dnode_type=CONCEPT`)).toEqual(["重庆火锅"]);
    expect(await search(`search=${encodeURIComponent("重庆")}&dnode_type=NOTE`)).toEqual([]);
  });

  it("never returns nodes the caller cannot read", async () => {
    expect(await search(`search=${encodeURIComponent("秘密")}`)).toEqual([]);
    const theirs = await search(`search=${encodeURIComponent("知识树")}`, stranger.access);
    expect(theirs).toEqual(["知识树的秘密"]);
  });

  it("matches nothing for a query of only operators, and finds a renamed node by its new name", async () => {
    expect(await search(`search=${encodeURIComponent("& | ! :*")}`)).toEqual(expect.any(Array));
    const { dnode } = await createNode(server, owner.access, { name: "旧名字" });
    await call(server, "POST", `/api/dnode/${dnode.id}/update`, {
      token: owner.access,
      body: { name: "新名字" },
    });
    expect(await search(`search=${encodeURIComponent("新名")}`)).toEqual(["新名字"]);
    expect(await search(`search=${encodeURIComponent("旧名")}`)).toEqual([]);
  });

  it("401s without login and 400s a bad limit", async () => {
    expect((await call(server, "GET", "/api/dnode/search/?search=a")).status).toBe(401);
    expect(
      (await call(server, "GET", "/api/dnode/search/?search=a&limit=0", { token: owner.access })).status,
    ).toBe(400);
  });
});
