import { api } from "./client";

/** What POST /api/upload/ answers (docs/API.md "Files"). */
export interface UploadedImage {
  image_path: string;
  original_name: string;
  url: string;
}

/** What POST /api/upload_file/ answers. */
export interface UploadedFile {
  file_path: string;
  original_name: string;
  file_type: string;
  file_size: number;
  mime_type: string;
  url: string;
}

/** The image kinds POST /api/upload/ takes (workspace-spec 2); every other file goes to upload_file. */
export const IMAGE_MIME_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/bmp",
  "image/webp",
  "image/tiff",
]);

function postFile<T>(path: string, field: string, file: File): Promise<T> {
  const form = new FormData();
  form.append(field, file, file.name);
  return api.upload<T>(path, form);
}

/**
 * The upload calls. The server reads an image from the field `image` or `upload` (the rich-text
 * editor's name for it), any other file from `file`.
 */
export const uploadApi = {
  image: (file: File, field: "image" | "upload" = "image") =>
    postFile<UploadedImage>("/upload/", field, file),
  file: (file: File) => postFile<UploadedFile>("/upload_file/", "file", file),
};

export type UploadApi = typeof uploadApi;
