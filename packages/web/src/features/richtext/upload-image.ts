import { IMAGE_MIME_TYPES, type UploadedImage, uploadApi } from "../../api/uploads";

const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif|bmp|webp|tiff?)$/i;

/** The file input's accept list. */
export const IMAGE_ACCEPT = [...IMAGE_MIME_TYPES].join(",");

/** True when the file is one of the image kinds the editor uploads (by type, or by name when the browser gives none). */
export function isAcceptedImage(file: File): boolean {
  return file.type ? IMAGE_MIME_TYPES.has(file.type) : IMAGE_EXTENSIONS.test(file.name);
}

/** Uploads an image as multipart field `upload` (the editor's field name on the server). */
export function uploadImage(file: File): Promise<UploadedImage> {
  return uploadApi.image(file, "upload");
}
