import type { FieldKind } from "@zhishu/shared";
import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";

/** Body of POST /api/dnode/{id}/update_content_field (docs/API.md). */
export interface ContentFieldBody {
  content_type: string;
  content_value: unknown;
  field_kind?: FieldKind;
  options?: Array<string | number>;
}

/** What POST /api/dnode/call_action/{id}/{action} answers. */
export interface ActionAnswer {
  success: boolean;
  message: string;
  deleted_dnode_ids: number[];
  dnodes: Dnode[];
}

/** The content-area calls of the node page. */
export const contentApi = {
  updateField: (id: number, body: ContentFieldBody) =>
    api.post<Dnode>(`/dnode/${id}/update_content_field`, body),
  callAction: (id: number, action: string, params: Record<string, unknown> = {}) =>
    api.post<ActionAnswer>(`/dnode/call_action/${id}/${action}`, params),
};
