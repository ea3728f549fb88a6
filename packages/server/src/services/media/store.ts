import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MESSAGES } from "@zhishu/shared";
import { AppError, badRequest } from "../../errors";
import { IMAGE_EXTENSIONS, sniffImage } from "./types";

export const IMAGE_LIMIT_BYTES = 20 * 1024 * 1024;
export const FILE_LIMIT_BYTES = 100 * 1024 * 1024;

const tooLarge = () => new AppError(413, "PAYLOAD_TOO_LARGE", MESSAGES.fileTooLarge);

/** `images/2026/11` style folder for today, so no folder grows without bound. */
function datedFolder(kind: "images" | "files"): string {
  const now = new Date();
  return path.posix.join(kind, String(now.getUTCFullYear()), String(now.getUTCMonth() + 1).padStart(2, "0"));
}

/** A file name's extension kept only if it is plain letters and digits (never a path or a script suffix). */
function safeExtension(originalName: string): string {
  const ext = path.extname(originalName).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : "bin";
}

interface IncomingFile {
  file: Readable & { truncated?: boolean };
  filename: string;
}

/** Streams an upload to a temporary file under mediaRoot; 413 when it passes the limit. */
async function receive(mediaRoot: string, upload: IncomingFile): Promise<{ tmp: string; size: number }> {
  await mkdir(path.join(mediaRoot, "tmp"), { recursive: true });
  const tmp = path.join(mediaRoot, "tmp", randomUUID());
  try {
    await pipeline(upload.file, createWriteStream(tmp, { mode: 0o640 }));
  } catch (error) {
    await rm(tmp, { force: true });
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw error;
  }
  if (upload.file.truncated) {
    await rm(tmp, { force: true });
    throw tooLarge();
  }
  return { tmp, size: (await stat(tmp)).size };
}

/** A stored file's name: 128 random bits (32 hex digits), the capability that serves it without a login. */
export const randomMediaName = () => randomBytes(16).toString("hex");

async function keep(mediaRoot: string, tmp: string, folder: string, extension: string): Promise<string> {
  const relative = path.posix.join(folder, `${randomMediaName()}.${extension}`);
  await mkdir(path.join(mediaRoot, folder), { recursive: true });
  await rename(tmp, path.join(mediaRoot, relative));
  return relative;
}

/** Stores an image under a random name after checking by its bytes that it is one of the six kinds. */
export async function storeImage(mediaRoot: string, upload: IncomingFile) {
  const { tmp, size } = await receive(mediaRoot, upload);
  const handle = await open(tmp, "r");
  const head = Buffer.alloc(12);
  await handle.read(head, 0, 12, 0);
  await handle.close();
  const kind = size >= 4 ? sniffImage(head) : null;
  if (!kind) {
    await rm(tmp, { force: true });
    throw badRequest(MESSAGES.imageTypeInvalid);
  }
  const relative = await keep(mediaRoot, tmp, datedFolder("images"), IMAGE_EXTENSIONS[kind]);
  return { image_path: relative, original_name: upload.filename, url: `/api/media/${relative}` };
}

/** Stores any file under a random name; its type for serving comes from its extension, never its content. */
export async function storeFile(mediaRoot: string, upload: IncomingFile & { mimetype: string }) {
  const { tmp, size } = await receive(mediaRoot, upload);
  const extension = safeExtension(upload.filename);
  const relative = await keep(mediaRoot, tmp, datedFolder("files"), extension);
  return {
    file_path: relative,
    original_name: upload.filename,
    file_type: extension,
    file_size: size,
    mime_type: upload.mimetype,
    url: `/api/media/${relative}`,
  };
}

/**
 * The shape of a stored file's path: folder, year, month, then a random name, 32 hex digits (or a UUID,
 * as files stored before names grew to 128 bits were named).
 */
export const MEDIA_PATH =
  /^(images|files)\/\d{4}\/\d{2}\/([0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[a-z0-9]{1,10}$/;

/** The absolute path of a stored media file, or null for anything that is not a stored file's path. */
export function resolveMedia(mediaRoot: string, requested: string): string | null {
  if (!MEDIA_PATH.test(requested)) return null;
  const full = path.resolve(mediaRoot, requested);
  return full.startsWith(path.resolve(mediaRoot) + path.sep) ? full : null;
}
