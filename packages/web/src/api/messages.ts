import { zh } from "../i18n/zh-CN";
import { ApiError } from "./client";

/**
 * The text to show for a failed call: the server's Chinese message when it answered with one, the
 * network message when it did not answer, else the fallback.
 */
export function messageOf(error: unknown, fallback: string = zh.errors.request): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return zh.errors.network;
    if (error.message) return error.message;
  }
  return fallback;
}
