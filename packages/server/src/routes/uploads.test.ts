import { MESSAGES } from "@zhishu/shared";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../test/client";
import { useTestServer } from "../test/use-test-server";

const { server, uploader } = useTestServer({ users: ["uploader"] });
let token: string;
beforeAll(() => {
  token = uploader.access;
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a00000000049454e44ae426082",
  "hex",
);

async function upload(path: string, field: string, data: Buffer | string, filename: string, auth = token) {
  const form = new FormData();
  form.append(field, new Blob([typeof data === "string" ? data : new Uint8Array(data)]), filename);
  const res = await fetch(server.url + path, {
    method: "POST",
    body: form,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
  });
  return { status: res.status, body: (await res.json()) as ApiResponse["body"] };
}

describe("POST /api/upload/", () => {
  it.each(["image", "upload"])(
    "stores an image sent in field %s under a random name and serves it",
    async (field) => {
      const res = await upload("/api/upload/", field, PNG, "截图.png");
      expect(res.status).toBe(200);
      expect(res.body.original_name).toBe("截图.png");
      expect(res.body.image_path).toMatch(/^images\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      expect(res.body.url).toBe(`/api/media/${res.body.image_path}`);
      const media = await fetch(server.url + res.body.url);
      expect(media.status).toBe(200);
      expect(media.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await media.arrayBuffer())).toEqual(PNG);
    },
  );

  it("judges an image by its bytes: HTML named .png is refused", async () => {
    const res = await upload("/api/upload/", "image", "<html><script>alert(1)</script></html>", "evil.png");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.imageTypeInvalid);
  });

  it("refuses an image over 20 MB with 413", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const res = await upload("/api/upload/", "image", big, "big.png");
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(MESSAGES.fileTooLarge);
  });

  it("401s without login; 400s a JSON body or a missing file field", async () => {
    expect((await upload("/api/upload/", "image", PNG, "a.png", "")).status).toBe(401);
    const json = await fetch(`${server.url}/api/upload/`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(400);
    expect((await upload("/api/upload/", "other", PNG, "a.png")).status).toBe(400);
  });
});

describe("POST /api/upload_file/", () => {
  it("stores any file and reports its size and type", async () => {
    const res = await upload("/api/upload_file/", "file", "第一行\n第二行", "笔记.md");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      original_name: "笔记.md",
      file_type: "md",
      file_size: Buffer.byteLength("第一行\n第二行"),
    });
    const media = await fetch(server.url + res.body.url);
    expect(media.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await media.text()).toBe("第一行\n第二行");
  });

  it("never serves a stored HTML file as HTML", async () => {
    const res = await upload("/api/upload_file/", "file", "<script>alert(1)</script>", "page.html");
    const media = await fetch(server.url + res.body.url);
    expect(media.headers.get("content-type")).toBe("application/octet-stream");
    expect(media.headers.get("content-disposition")).toBe("attachment");
    expect(media.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 404 for paths outside the media folder or unknown files", async () => {
    for (const p of [
      "../../etc/passwd",
      "images/..%2f..%2fjwt-secret",
      "images/2026/01/00000000-0000-0000-0000-000000000000.png",
      "jwt-secret",
    ]) {
      const res = await fetch(`${server.url}/api/media/${p}`);
      expect(res.status, p).toBe(404);
    }
  });
});

describe("malformed multipart bodies", () => {
  const bodies: [string, string, string][] = [
    ["no boundary", "multipart/form-data", "--x\r\n"],
    [
      "cut short inside the file",
      "multipart/form-data; boundary=xx",
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    ],
    ["garbage", "multipart/form-data; boundary=xx", "\u0000\u0001garbage"],
    ["a boundary that never comes", `multipart/form-data; boundary=${"b".repeat(100)}`, "--x"],
  ];
  for (const route of ["/api/upload/", "/api/upload_file/"]) {
    it.each(bodies)(`${route}: %s is a 400 with a Chinese error`, async (_name, type, body) => {
      const res = await fetch(server.url + route, {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${token}`, "content-type": type },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        error: MESSAGES.malformedMultipart,
        code: "MALFORMED_MULTIPART",
      });
    });
  }
});
