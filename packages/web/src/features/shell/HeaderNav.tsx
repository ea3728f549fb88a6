import { MenuOutlined } from "@ant-design/icons";
import { Button, Dropdown, Menu } from "antd";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { MessagesNavLabel } from "../dialogues/MessagesNavLabel";
import { useNarrow } from "./use-narrow";

export const NAV = [
  { key: "/", label: zh.nav.myKnowledge },
  { key: "/messages", label: zh.nav.myMessages },
  { key: "/wenai", label: zh.nav.askAi },
  { key: "/myai", label: zh.nav.myAi },
  { key: "/public-knowledge", label: zh.nav.publicKnowledge },
];

/** The navigation item a path belongs to ("" for none). */
export function selectedNav(pathname: string): string {
  return (
    NAV.find((item) => item.key !== "/" && pathname.startsWith(item.key))?.key ??
    (pathname === "/" ? "/" : "")
  );
}

/**
 * The header's links: a horizontal menu, or in a narrow window a menu button holding the same links
 * (so they are never dropped for lack of room).
 */
export function HeaderNav({ pathname }: { pathname: string }) {
  const narrow = useNarrow();
  const selected = selectedNav(pathname);
  // 我的消息 carries the unread count of the reader's dialogues.
  const items = NAV.map((item) => ({
    key: item.key,
    label: <Link to={item.key}>{item.key === "/messages" ? <MessagesNavLabel /> : item.label}</Link>,
  }));
  if (narrow)
    return (
      <div style={{ flex: 1, minWidth: 0 }}>
        <Dropdown menu={{ items, selectable: true, selectedKeys: [selected] }} trigger={["click"]}>
          <Button type="text" icon={<MenuOutlined aria-hidden />} aria-label={zh.nav.menu} />
        </Dropdown>
      </div>
    );
  return (
    <Menu
      mode="horizontal"
      selectedKeys={[selected]}
      style={{ flex: 1, minWidth: 0, borderBottom: "none" }}
      items={items}
    />
  );
}
