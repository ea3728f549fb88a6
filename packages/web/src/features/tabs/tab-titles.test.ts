import { describe, expect, it } from "vitest";
import { documentTitle, routeTitle } from "./tab-titles";

describe("page titles", () => {
  it("are the spec's names for fixed routes", () => {
    expect(routeTitle("/")).toBe("我的知识");
    expect(routeTitle("/wenai")).toBe("问AI");
    expect(routeTitle("/myai")).toBe("我的AI");
    expect(routeTitle("/public-knowledge")).toBe("公共知识");
    expect(routeTitle("/messages")).toBe("我的消息");
    expect(routeTitle("/friends")).toBe("我的好友");
    expect(routeTitle("/xingwei/")).toBe("我的行为");
  });

  it("name parameter routes until the node's or user's own name is known", () => {
    expect(routeTitle("/data/12")).toBe("知识点 #12");
    expect(routeTitle("/data/12/NOTE")).toBe("知识点 #12 · 笔记");
    expect(routeTitle("/user/3")).toBe("用户 #3");
    expect(routeTitle("/test-formula-input")).toBe("测试页");
    expect(routeTitle("/no/such/page")).toBe("页面不存在");
  });

  it("end the browser tab's title with the app's name", () => {
    expect(documentTitle("监督学习")).toBe("监督学习 - 知树");
    expect(documentTitle(null)).toBe("知树");
  });
});
