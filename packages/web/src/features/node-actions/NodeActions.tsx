import { MoreOutlined } from "@ant-design/icons";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Dropdown, Flex } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { messageOf } from "../../api/messages";
import { trashApi } from "../../api/trash";
import { confirmDelete } from "../../components/confirm-delete";
import { showDeletedNotice } from "../../components/deleted-notice";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { addToHome, favourNode } from "../home/home-api";
import { SharePopover } from "../sharing/SharePopover";
import { copyNodeLink } from "./node-link";

/**
 * The node page's actions (workspace-spec 2, 6): share (for those who may grant) and a more-actions menu
 * with favour, add-to-home, 分享 (admins), 删除 (writers; recoverable: 撤销, then the recycle bin),
 * 复制链接 and 刷新. A user's own root offers no favourite and cannot be deleted.
 */
export function NodeActions({ node, onChanged }: { node: Dnode; onChanged?: () => void }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const rootId = useAuth((s) => s.user?.content.user_root_node_id ?? null);
  const isOwnRoot = node.id === rootId;
  // On home: a USER_ROOT link from the user's root holds it (planted trees' main place is CHILD_NODE).
  const atHome =
    rootId !== null &&
    ((node.relations?.x__USER_ROOT?.head ?? []).includes(rootId) ||
      (node.parent_id === rootId && node.main_relation === "USER_ROOT"));
  const canShare = node.permissions?.admin === true;
  const [sharing, setSharing] = useState(false);
  const queryClient = useQueryClient();

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

  const remove = async () => {
    if (!(await confirmDelete(modal, zh.trash.confirmDeleteNode(node.name || zh.outliner.untitled)))) return;
    const back = node.parent_id ? `/data/${node.parent_id}` : "/";
    try {
      const result = await trashApi.deleteNodes([node.id]);
      navigate(back);
      const batchId = result.trash_batch_id;
      if (batchId)
        showDeletedNotice(message, 1, async () => {
          await trashApi.restoreBatch(batchId);
          navigate(`/data/${node.id}`);
        });
    } catch (error) {
      message.error(zh.outliner.failedBecause(zh.outliner.deleteFailed, messageOf(error)));
    }
  };

  const copyLink = async () => {
    try {
      await copyNodeLink(node.id);
      message.success(zh.nodeMenu.linkCopied);
    } catch (error) {
      console.error(error);
      message.error(zh.nodeMenu.copyLinkFailed);
    }
  };

  // The node page's own query: refetching it also reloads its lists (they follow its answer).
  const refresh = async () => {
    try {
      await queryClient.refetchQueries({ queryKey: ["dnode", node.id], exact: true }, { throwOnError: true });
      message.success(zh.nodeMenu.refreshed);
    } catch (error) {
      console.error(error);
      message.error(zh.nodeMenu.refreshFailed);
    }
  };

  const items = [
    ...(isOwnRoot ? [] : [{ key: "favour", label: zh.nodeMenu.favour, onClick: () => void favour() }]),
    ...(isOwnRoot || atHome
      ? []
      : [{ key: "home", label: zh.nodeMenu.addToHome, onClick: () => void toHome() }]),
    ...(canShare ? [{ key: "share", label: zh.nodeMenu.share, onClick: () => setSharing(true) }] : []),
    { key: "copy-link", label: zh.nodeMenu.copyLink, onClick: () => void copyLink() },
    { key: "refresh", label: zh.nodeMenu.refresh, onClick: () => void refresh() },
    ...(isOwnRoot || node.permissions?.write !== true
      ? []
      : [{ key: "delete", label: zh.nodeMenu.delete, danger: true, onClick: () => void remove() }]),
  ];
  return (
    <Flex gap={8} className="node-actions">
      {canShare && (
        <SharePopover
          node={node}
          open={sharing}
          onOpenChange={setSharing}
          onPublished={onChanged ? () => onChanged() : undefined}
        />
      )}
      <Dropdown menu={{ items }} trigger={["click"]}>
        <Button icon={<MoreOutlined />} aria-label={zh.nodeMenu.more} />
      </Dropdown>
    </Flex>
  );
}
