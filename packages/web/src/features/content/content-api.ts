import type { UpdateContentFieldInput } from "@zhishu/shared";
import { type ActionAnswer, nodeApi } from "../../entities/dnode/node-api";

/** Body of POST /api/dnode/{id}/update_content_field (docs/API.md): the shared request schema's input. */
export type ContentFieldBody = UpdateContentFieldInput;

export type { ActionAnswer };

/** The content-area calls of the node page. */
export const contentApi = {
  updateField: (id: number, body: ContentFieldBody) => nodeApi.updateField(id, body),
  callAction: (id: number, action: string, params: Record<string, unknown> = {}) =>
    nodeApi.callAction(id, action, params),
};
