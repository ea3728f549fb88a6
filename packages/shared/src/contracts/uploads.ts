import { z } from "zod";

/** POST /api/upload/: where the stored image is served from. */
export const imageUploadSchema = z.object({
  image_path: z.string(),
  original_name: z.string(),
  url: z.string(),
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** POST /api/upload_file/: the stored file, its type (from the extension) and size in bytes. */
export const fileUploadSchema = z.object({
  file_path: z.string(),
  original_name: z.string(),
  file_type: z.string(),
  file_size: z.number().int(),
  mime_type: z.string(),
  url: z.string(),
});
export type FileUpload = z.infer<typeof fileUploadSchema>;

/**
 * The multipart forms of the two uploads, for OpenAPI. The file is read from the stream by the route,
 * not parsed into a body (Fastify hands the validator null), so these describe the form and never
 * refuse one; the route answers 400 for a missing file.
 */
export const imageUploadForm = z
  .object({ image: z.file().optional(), upload: z.file().optional() })
  .nullish()
  .describe("multipart/form-data: the image in the field image (or upload)");
export const fileUploadForm = z
  .object({ file: z.file() })
  .nullish()
  .describe("multipart/form-data: the file in the field file");
