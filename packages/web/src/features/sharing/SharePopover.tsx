import { ShareAltOutlined } from "@ant-design/icons";
import type { UserSearchResult } from "@zhishu/shared";
import { App, Button, Divider, Flex, Popover, Spin, Switch, Typography } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, api } from "../../api/client";
import { type AuthLevel, useAuthorize } from "../../components/authorize/use-authorize";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { UserPicker } from "./UserPicker";

interface Share {
  id: number | null;
  dnode: number;
  user: number;
  can_read: boolean;
  can_write: boolean;
}

/**
 * The share popover of a node (workspace-spec 2, 6): pick a person, then 访问 / 编辑 for them on this
 * node's whole subtree (each toggle sends only its own flag); the owner also publishes the tree.
 */
export function SharePopover({
  node,
  onPublished,
  open: openFromOutside,
  onOpenChange,
}: {
  node: Dnode;
  onPublished?: (isPublic: boolean) => void;
  /** Opened from elsewhere too (the ⋮ menu's 分享); uncontrolled when absent. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [openHere, setOpenHere] = useState(false);
  // While 授权访问 asks, a click in that dialog is outside the popover; it must not close the popover,
  // or the person never sees what the grant did.
  const asking = useRef(false);
  const holdWhileAsking = useCallback((now: boolean) => {
    asking.current = now;
  }, []);
  const open = openFromOutside ?? openHere;
  const setOpen = (next: boolean) => {
    if (!next && asking.current) return;
    setOpenHere(next);
    onOpenChange?.(next);
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={zh.sharing.title}
      content={open ? <ShareForm node={node} onPublished={onPublished} onAsking={holdWhileAsking} /> : null}
    >
      <Button icon={<ShareAltOutlined aria-hidden />}>{zh.sharing.share}</Button>
    </Popover>
  );
}

function ShareForm({
  node,
  onPublished,
  onAsking,
}: {
  node: Dnode;
  onPublished?: (isPublic: boolean) => void;
  /** Told while the 授权访问 dialog is up. */
  onAsking: (asking: boolean) => void;
}) {
  const { message } = App.useApp();
  const me = useAuth((s) => s.user?.id);
  const [person, setPerson] = useState<UserSearchResult | null>(null);
  const [share, setShare] = useState<Share | null>(null);
  // Reading the person's share failed: say so and offer 重试, rather than spin for ever.
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState<"can_read" | "can_write" | null>(null);
  const [isPublic, setIsPublic] = useState(Boolean(node.is_public));
  const [publishing, setPublishing] = useState(false);
  const authorize = useAuthorize();

  // A person without access is first offered 授权访问 (people-spec 2, 6); read and write land on the
  // same share as the switches below, so they show what was granted; 可管理权限 is a tree grant.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how 重试 runs this again
  useEffect(() => {
    setShare(null);
    setLoadFailed(false);
    if (!person) return;
    let current = true;
    const grant = (level: AuthLevel) =>
      level === "admin"
        ? api.post("/anchor-auth/manage/", { dnode_id: node.id, user_id: person.id, auth_type: "admin" })
        : api.post("/dnode-permission/", {
            dnode: node.id,
            user: person.id,
            [level === "write" ? "can_write" : "can_read"]: true,
          });
    onAsking(true);
    void authorize(node.id, { id: person.id, name: person.name }, "read", grant)
      .finally(() => onAsking(false))
      .then(() =>
        current ? api.get<Share>("/dnode-permission/", { dnode_id: node.id, user_id: person.id }) : null,
      )
      .then((found) => current && found && setShare(found))
      .catch((error) => {
        console.error(error);
        if (!current) return;
        message.error(failureText(error));
        setLoadFailed(true);
      });
    return () => {
      current = false;
    };
  }, [person, node.id, message, authorize, onAsking, attempt]);

  const toggle = async (flag: "can_read" | "can_write", on: boolean) => {
    if (!person) return;
    setSaving(flag);
    try {
      setShare(await api.post<Share>("/dnode-permission/", { dnode: node.id, user: person.id, [flag]: on }));
    } catch (error) {
      console.error(error);
      message.error(failureText(error));
    } finally {
      setSaving(null);
    }
  };

  const publish = async (on: boolean) => {
    setPublishing(true);
    try {
      await api.post("/anchor-auth/publish/", { dnode_id: node.id, is_public: on });
      setIsPublic(on);
      onPublished?.(on);
      message.success(on ? zh.sharing.published : zh.sharing.unpublished);
    } catch (error) {
      console.error(error);
      message.error(failureText(error));
    } finally {
      setPublishing(false);
    }
  };

  return (
    <div style={{ width: 320 }}>
      <UserPicker value={person} onChange={setPerson} excludeIds={[node.owner_id]} />
      {person && !share && !loadFailed && <Spin size="small" style={{ marginTop: 12 }} />}
      {person && loadFailed && (
        <Flex align="center" gap={8} style={{ marginTop: 12 }}>
          <Typography.Text type="danger">{zh.sharing.shareLoadFailed}</Typography.Text>
          <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
            {zh.sharing.retry}
          </Button>
        </Flex>
      )}
      {person && share && (
        <Flex vertical gap={8} style={{ marginTop: 12 }}>
          <Flex justify="space-between" align="center">
            <span>{zh.sharing.read}</span>
            <Switch
              aria-label={zh.sharing.readFor(person.name)}
              checked={share.can_read}
              loading={saving === "can_read"}
              onChange={(on) => void toggle("can_read", on)}
            />
          </Flex>
          <Flex justify="space-between" align="center">
            <span>{zh.sharing.write}</span>
            <Switch
              aria-label={zh.sharing.writeFor(person.name)}
              checked={share.can_write}
              loading={saving === "can_write"}
              onChange={(on) => void toggle("can_write", on)}
            />
          </Flex>
          {(share.can_read || share.can_write) && (
            <Typography.Text type="secondary">{zh.sharing.foundAt(person.name)}</Typography.Text>
          )}
        </Flex>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        {zh.sharing.wholeTree}
      </Typography.Paragraph>
      {node.owner_id === me && (
        <>
          <Divider style={{ margin: "12px 0" }} />
          <Flex justify="space-between" align="center">
            <span>{zh.sharing.publish}</span>
            <Switch
              aria-label={zh.sharing.publish}
              checked={isPublic}
              loading={publishing}
              onChange={(on) => void publish(on)}
            />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
            {zh.sharing.publishHint}
          </Typography.Paragraph>
        </>
      )}
    </div>
  );
}

/** The server's reason, else 授权失败 (workspace-spec 8). */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.status !== 0 && error.message
    ? error.message
    : zh.sharing.grantFailed;
}
