import { MoreOutlined } from "@ant-design/icons";
import { App, Button, Dropdown, Flex } from "antd";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { addToHome, favourNode } from "../home/home-api";
import type { Dnode } from "../outliner/types";
import { SharePopover } from "../sharing/SharePopover";

/**
 * The node page's actions (workspace-spec 2, 6): share (for those who may grant) and a more-actions menu
 * with favour and add-to-home. A user's own root offers no favourite.
 */
export function NodeActions({ node, onChanged }: { node: Dnode; onChanged?: () => void }) {
  const { message } = App.useApp();
  const rootId = useAuth((s) => s.user?.content.user_root_node_id ?? null);
  const isOwnRoot = node.id === rootId;
  const atHome = node.parent_id === rootId && node.main_relation === "USER_ROOT";

  const favour = async () => {
    if (rootId === null) return void message.error(zh.favour.noRoot);
    try {
      const outcome = await favourNode(rootId, node.id);
      if (outcome === "alreadyFavoured") message.warning(zh.favour.already);
      else message.success(zh.favour.done);
    } catch (error) {
      console.error(error);
      message.error((error as { status?: number }).status === 0 ? zh.favour.error : zh.favour.failed);
    }
  };

  const toHome = async () => {
    if (rootId === null) return void message.error(zh.home.noRoot);
    try {
      const outcome = await addToHome(rootId, node.id);
      // A node already at home is left alone, silently (people-spec 2).
      if (outcome === "added") message.success(zh.home.addedToHome);
    } catch (error) {
      console.error(error);
      message.error(zh.home.addToHomeFailed);
    }
  };

  const items = [
    ...(isOwnRoot ? [] : [{ key: "favour", label: zh.nodeMenu.favour, onClick: () => void favour() }]),
    ...(isOwnRoot || atHome
      ? []
      : [{ key: "home", label: zh.nodeMenu.addToHome, onClick: () => void toHome() }]),
  ];
  return (
    <Flex gap={8} className="node-actions">
      {node.permissions?.admin && (
        <SharePopover node={node} onPublished={onChanged ? () => onChanged() : undefined} />
      )}
      {items.length > 0 && (
        <Dropdown menu={{ items }} trigger={["click"]}>
          <Button icon={<MoreOutlined />} aria-label={zh.nodeMenu.more} />
        </Dropdown>
      )}
    </Flex>
  );
}
