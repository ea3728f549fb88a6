import type { DeletedNodesResult, TrashListResponse, TrashRestoreResponse } from "@zhishu/shared";
import { api } from "./client";

/** The recycle bin (回收站): what was deleted, kept 30 days, brought back to its old place. */
export const trashApi = {
  /** Deletes nodes with their subtrees into the bin; the answer names the batch that 撤销 restores. */
  deleteNodes: (ids: number[]) => api.post<DeletedNodesResult>("/dnode/delete_batch", { ids }),
  list: (page: number, pageSize: number) =>
    api.get<TrashListResponse>("/trash/", { page, page_size: pageSize }),
  /** Brings back everything one delete removed (the 撤销 of a delete). */
  restoreBatch: (batchId: string) => api.post<TrashRestoreResponse>("/trash/restore/", { batch_id: batchId }),
  restoreItems: (ids: number[]) => api.post<TrashRestoreResponse>("/trash/restore/", { ids }),
  /** Deletes a bin item for good, files included. */
  purge: (id: number) => api.delete<{ success: boolean }>(`/trash/${id}/`),
};
