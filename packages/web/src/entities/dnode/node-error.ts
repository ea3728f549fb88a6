import { MESSAGES } from "@zhishu/shared";
import { ApiError } from "../../api/client";
import { zh } from "../../i18n/zh-CN";

/**
 * The message a failed node fetch shows (workspace-spec 8 "Node fetch"): no answer at all, 403, 404,
 * another HTTP failure, anything else.
 */
export function nodeFetchMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return zh.errors.unknown;
  if (error.status === 0) return zh.errors.network;
  if (error.status === 403) return MESSAGES.nodeForbidden;
  if (error.status === 404) return MESSAGES.nodeNotFound;
  return zh.errors.request;
}
