import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import multipart from "@fastify/multipart";
import {
  fileUploadForm,
  fileUploadSchema,
  imageUploadForm,
  imageUploadSchema,
  MESSAGES,
} from "@zhishu/shared";
import type { FastifyRequest, FastifyTypeProviderDefault } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { AppError, badRequest, notFound } from "../errors";
import {
  FILE_LIMIT_BYTES,
  IMAGE_LIMIT_BYTES,
  resolveMedia,
  storeFile,
  storeImage,
} from "../services/media/store";
import { servingType } from "../services/media/types";

/**
 * A body the multipart parser chokes on (no boundary, cut short, garbage) is the client's fault: a 400.
 * Our own errors and the limit errors (413) keep their meaning.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? "";
  if (/^FST_(REQ_FILE_TOO_LARGE|FILES_LIMIT|FIELDS_LIMIT|PARTS_LIMIT)$/.test(code)) return error;
  return new AppError(400, "MALFORMED_MULTIPART", MESSAGES.malformedMultipart);
}

/** The first file part whose field name is one of `fields`; other parts are drained and ignored. */
async function filePart(request: FastifyRequest, fields: string[], fileSize: number) {
  if (!request.isMultipart()) throw badRequest(MESSAGES.notMultipart);
  try {
    for await (const part of request.parts({ limits: { fileSize, files: 1 } })) {
      if (part.type === "file" && fields.includes(part.fieldname)) return part;
      if (part.type === "file") part.file.resume();
    }
  } catch (error) {
    throw asUploadError(error);
  }
  throw badRequest(MESSAGES.fileMissing);
}

// A stored file is streamed as it is; the schema only describes it (a stream skips the serializer).
const mediaSchema = {
  params: z.object({ "*": z.string().max(500) }),
  response: {
    200: {
      description: "the stored file",
      content: { "application/octet-stream": { schema: z.string().describe("the file's bytes") } },
    },
  },
};

/** Runs a store step, turning a body cut short while streaming into a 400 as well. */
async function storing<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    throw asUploadError(error);
  }
}

/** Uploads (workspace-spec 7 /upload/, /upload_file/) and the media they are served from. */
export const uploadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const mediaRoot = path.join(ctx.config.dataDir, "media");
  await app.register(multipart, {
    limits: { fileSize: FILE_LIMIT_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });

  // The image field is named `image` by the uploader page and `upload` by the editor.
  const multipartForm = { consumes: ["multipart/form-data"] };
  app.post(
    "/api/upload/",
    { schema: { ...multipartForm, body: imageUploadForm, response: { 200: imageUploadSchema } } },
    async (request) => {
      requireUser(request);
      const part = await filePart(request, ["image", "upload"], IMAGE_LIMIT_BYTES);
      return storing(storeImage(mediaRoot, part));
    },
  );

  app.post(
    "/api/upload_file/",
    { schema: { ...multipartForm, body: fileUploadForm, response: { 200: fileUploadSchema } } },
    async (request) => {
      requireUser(request);
      const part = await filePart(request, ["file"], FILE_LIMIT_BYTES);
      return storing(storeFile(mediaRoot, part));
    },
  );

  // Media are capability URLs: random names that only the node holding them reveals, so <img> and
  // <iframe> can load them without a token. Nothing stored is ever served as HTML. The answer is a
  // stream, not the schema's JSON type, hence the default type provider here.
  const files = app.withTypeProvider<FastifyTypeProviderDefault>();
  files.get("/api/media/*", { config: { public: true }, schema: mediaSchema }, async (request, reply) => {
    const requested = (request.params as { "*": string })["*"];
    const file = resolveMedia(mediaRoot, requested);
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) throw notFound(MESSAGES.notFound, "MEDIA_NOT_FOUND");
    const { contentType, inline } = servingType(path.extname(file).slice(1));
    reply
      .header("content-type", contentType)
      .header("content-length", info.size)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("content-disposition", inline ? "inline" : "attachment");
    // Our pages frame media (PDF preview), so framing by our own origin is allowed here only.
    reply.header(
      "content-security-policy",
      contentType === "application/pdf"
        ? "frame-ancestors 'self'"
        : "default-src 'none'; sandbox; frame-ancestors 'self'",
    );
    return reply.send(createReadStream(file));
  });
};
