import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { messageOf } from "../../api/messages";
import { nodeFetchMessage } from "./node-error";

describe("node fetch errors", () => {
  it("uses the spec's texts for no answer, 403, 404, other failures and the rest", () => {
    expect(nodeFetchMessage(new ApiError(0, "NETWORK", "x"))).toBe("网络错误，请稍后重试");
    expect(nodeFetchMessage(new ApiError(403, "FORBIDDEN", "x"))).toBe(
      "你没有权限访问该知识点，请联系知识树的主人授权访问",
    );
    expect(nodeFetchMessage(new ApiError(404, "NOT_FOUND", "x"))).toBe("该知识点不存在，可能已被删除");
    expect(nodeFetchMessage(new ApiError(500, "INTERNAL", "x"))).toBe("请求出错，请稍后重试");
    expect(nodeFetchMessage(new TypeError("boom"))).toBe("未知错误，请稍后重试");
  });

  it("prefers the server's reason for a refused edit (the one messageOf)", () => {
    expect(
      messageOf(new ApiError(400, "BAD_REQUEST", "不能把节点移动到它自己的子树中"), "移动节点失败"),
    ).toBe("不能把节点移动到它自己的子树中");
    expect(messageOf(new ApiError(0, "NETWORK", "网络错误，请稍后重试"), "x")).toBe("网络错误，请稍后重试");
    expect(messageOf(new Error("?"), "移动节点失败")).toBe("移动节点失败");
    // The server answered without a message of ours (a proxy's page): the action's own failure text.
    expect(messageOf(new ApiError(502, "UNKNOWN", "请求出错，请稍后重试"), "添加好友失败")).toBe(
      "添加好友失败",
    );
  });
});
