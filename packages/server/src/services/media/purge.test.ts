import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../test/client";
import { createNode } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/harness";
import { deleteMediaOfPurgedNodes, mediaPathsOf } from "./purge";

const HEX = "0123456789abcdef0123456789abcdef";

describe("mediaPathsOf", () => {
  it("finds image_path, file_path (bare or as our URL) and media inside rich text", () => {
    const content = {
      image_path: `images/2026/11/${HEX}.png`,
      file_path: `http://localhost:3000/api/media/files/2026/10/${HEX}.pdf`,
      text: `<p><img src="/api/media/images/2026/09/${HEX}.jpg"> and <a href="https://cdn.example.com/x.png">x</a></p>`,
    };
    expect(mediaPathsOf(content).sort()).toEqual([
      `files/2026/10/${HEX}.pdf`,
      `images/2026/09/${HEX}.jpg`,
      `images/2026/11/${HEX}.png`,
    ]);
  });

  it("names nothing for path tricks or foreign files", () => {
    const tricks = {
      image_path: "images/2026/11/../../../../etc/passwd",
      file_path: "/etc/passwd",
      text: `<img src="/api/media/images/2026/11/..%2F..%2Fjwt-secret"><img src="/api/media/../jwt-secret">`,
    };
    expect(mediaPathsOf(tricks)).toEqual([]);
    expect(mediaPathsOf(null)).toEqual([]);
    expect(mediaPathsOf({ image_path: 42, text: { nested: true } })).toEqual([]);
  });
});

describe("deleteMediaOfPurgedNodes", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await makeUser(server)).access;
  });
  afterAll(() => server.close());

  const mediaRoot = () => path.join(server.config.dataDir, "media");
  const PNG = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082",
    "hex",
  );

  async function uploadImage(): Promise<string> {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(PNG)]), "a.png");
    const res = await fetch(`${server.url}/api/upload/`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { image_path: string }).image_path;
  }
  // The body is read to the end: an unread answer keeps its connection busy, and closing the server
  // then waits for it forever (the afterAll hook timed out).
  const served = async (relative: string) => {
    const response = await fetch(`${server.url}/api/media/${relative}`);
    await response.arrayBuffer();
    return response.status;
  };
  const node = async (content: Record<string, unknown>) => {
    const { dnode } = await createNode(server, token, { name: "带图", type: "NOTE", content });
    return { id: dnode.id as number, content: dnode.content as Record<string, unknown> };
  };

  it("deletes the files of purged nodes, keeps those another node still shows", async () => {
    const [own, inText, shared] = [await uploadImage(), await uploadImage(), await uploadImage()];
    const purged = [
      await node({ image_path: own }),
      await node({ text: `<p>图<img src="/api/media/${inText}"></p>`, image_path: shared }),
    ];
    await node({ image_path: shared }); // a copy elsewhere still shows it

    const deleted = await deleteMediaOfPurgedNodes(server.database.db, mediaRoot(), purged);
    expect(deleted.sort()).toEqual([own, inText].sort());
    expect(await served(own)).toBe(404);
    expect(await served(inText)).toBe(404);
    expect(await served(shared)).toBe(200);
  });

  it("never deletes outside the media folder", async () => {
    const sentinel = path.join(server.config.dataDir, "jwt-secret");
    writeFileSync(sentinel, "keep me");
    const purged = [
      { id: 1, content: { image_path: "../jwt-secret", file_path: "images/../../jwt-secret" } },
      { id: 2, content: { text: '<img src="/api/media/images/../../jwt-secret">' } },
    ];
    expect(await deleteMediaOfPurgedNodes(server.database.db, mediaRoot(), purged)).toEqual([]);
    expect(existsSync(sentinel)).toBe(true);
  });
});
