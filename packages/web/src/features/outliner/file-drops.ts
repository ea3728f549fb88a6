import { messageOf } from "../../api/messages";
import { type UploadApi, uploadApi } from "../../api/uploads";
import type { CreateBody } from "../../entities/dnode/api";
import { zh } from "../../i18n/zh-CN";
import type { OutlineController } from "./controller";
import { NESTED_RELATION } from "./core";
import { isUploadableImage } from "./drop-events";

const t = zh.dragDrop;

/** The toasts of a file drop, given by the component (they need antd's message). */
export interface FileDropUi {
  /** Shows progress until the returned function is called. */
  progress(text: string): () => void;
  success(text: string): void;
  error(text: string): void;
}

/** The node a dropped file becomes once uploaded: IMAGE or FILE with the upload's answer as content. */
export async function nodeForFile(file: File, uploads: UploadApi): Promise<Omit<CreateBody, "location_id">> {
  const base = { name: file.name, relation_name: NESTED_RELATION };
  if (isUploadableImage(file)) {
    const image = await uploads.image(file);
    return {
      ...base,
      type: "IMAGE",
      content: { image_path: image.image_path, original_name: image.original_name },
    };
  }
  const saved = await uploads.file(file);
  return {
    ...base,
    type: "FILE",
    content: {
      file_path: saved.file_path,
      original_name: saved.original_name,
      file_type: saved.file_type,
      file_size: saved.file_size,
      mime_type: saved.mime_type,
    },
  };
}

/**
 * Files dropped on a row become its last children (workspace-spec 4: "Dropped files create nodes";
 * 8: 成功添加 {n} 个文件节点 / 添加文件节点失败). Uploads run one after another outside the edit queue,
 * so typing is never held up by a large file; each node is then created in order with the other edits.
 */
export async function dropFiles(
  controller: OutlineController,
  parentId: number,
  files: readonly File[],
  ui: FileDropUi,
  uploads: UploadApi = uploadApi,
): Promise<number> {
  if (files.length === 0) return 0;
  const done = ui.progress(t.uploading(files.length));
  let added = 0;
  let lastError: unknown = null;
  try {
    for (const file of files) {
      try {
        const body = await nodeForFile(file, uploads);
        await controller.core.structural.run(async () =>
          controller.core.deps.api.create({ ...body, location_id: await controller.core.realId(parentId) }),
        );
        added++;
      } catch (error) {
        lastError = error;
      }
    }
  } finally {
    done();
  }
  if (added > 0) {
    await controller.drops.reloadList(parentId, NESTED_RELATION);
    ui.success(t.filesAdded(added));
  }
  if (lastError !== null)
    ui.error(zh.outliner.failedBecause(t.filesFailed, messageOf(lastError, zh.errors.request)));
  return added;
}
