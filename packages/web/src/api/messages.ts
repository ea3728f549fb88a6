import { zh } from "../i18n/zh-CN";
import { ApiError } from "./client";

/**
 * The one text to show for a failed call: the server's Chinese message when it answered with one, the
 * network message when it did not answer, else the caller's fallback (the spec's "…失败" for that action)
 * — also when the server answered without a message of ours (a proxy's error page: code UNKNOWN).
 */
export function messageOf(error: unknown, fallback: string = zh.errors.request): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return zh.errors.network;
    if (error.code !== "UNKNOWN" && error.message) return error.message;
  }
  return fallback;
}
