import { useQueryClient } from "@tanstack/react-query";
import { isOpenFriendRequest } from "@zhishu/shared";
import { Alert, App, Button, Card, Flex, Skeleton, Tag, Typography } from "antd";
import { useState } from "react";
import { messageOf } from "../../api/messages";
import type { Dnode } from "../../entities/dnode/types";
import { type FriendDecision, peopleError, userApi } from "../../entities/user/api";
import { refreshPeople, useUserNode } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { UserCard } from "./UserCard";
import "./user.css";

const t = zh.people;

interface Props {
  /** The FriendRequestProcess node. */
  node: Dnode;
  /** The request as the server answered a decision (the node page keeps it). */
  onChanged?: (node: Dnode) => void;
}

const DECISIONS: Record<FriendDecision, { done: string; failed: string }> = {
  accept_friend: { done: t.acceptDone, failed: t.acceptFailed },
  reject_friend: { done: t.rejectDone, failed: t.rejectFailed },
};

/**
 * A friend request (people-spec 2 "friend-request card", 4): who asks whom, the greeting, and for the
 * target, while it is open, 接受 and 拒绝; once decided, 已接受 or 已拒绝. The server decides who may
 * decide; the buttons only follow `target_user_id`.
 */
export function FriendRequestCard({ node: given, onChanged }: Props) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const myId = useAuth((s) => s.user?.id);
  // The decision's answer, until the node given is as new (the page may pass the same update back).
  const [decided, setDecided] = useState<Dnode | null>(null);
  const [busy, setBusy] = useState<FriendDecision | null>(null);
  const node = decided && (decided.version ?? 0) >= (given.version ?? 0) ? decided : given;
  const content = node.content;
  const requesterId = Number(content.requester_id);
  const targetId = Number(content.target_user_id);
  const incoming = targetId === myId;
  const other = useUserNode(incoming ? requesterId : targetId);
  const open = isOpenFriendRequest(content);
  const greeting = typeof content.greeting_message === "string" ? content.greeting_message : "";

  const decide = async (decision: FriendDecision) => {
    setBusy(decision);
    try {
      const answer = await userApi.decide(given.id, decision);
      message.success(answer.message || DECISIONS[decision].done);
      const updated = answer.dnodes.find((d) => d.id === given.id);
      if (updated) {
        setDecided(updated);
        onChanged?.(updated);
      }
      await refreshPeople(client);
    } catch (error) {
      message.error(peopleError(error, DECISIONS[decision].failed));
    } finally {
      setBusy(null);
    }
  };

  const otherName = other.data?.name ?? "";
  return (
    <Card
      size="small"
      className="friend-request-card"
      title={t.requestTitle}
      extra={
        content.result === "accepted" ? (
          <Tag color="success">{t.accepted}</Tag>
        ) : content.result === "rejected" ? (
          <Tag color="error">{t.rejected}</Tag>
        ) : null
      }
    >
      {other.isError ? (
        <Alert type="error" showIcon title={t.openProfileFailed} description={messageOf(other.error)} />
      ) : other.data ? (
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {incoming ? t.requestFrom(otherName) : t.requestTo(otherName)}
          </Typography.Paragraph>
          <UserCard user={other.data} />
        </>
      ) : (
        <Skeleton avatar active paragraph={{ rows: 1 }} />
      )}
      <blockquote className="friend-request-greeting">{greeting || t.noGreeting}</blockquote>
      {open &&
        (incoming ? (
          <Flex gap={8}>
            <Button
              type="primary"
              loading={busy === "accept_friend"}
              disabled={busy !== null}
              onClick={() => void decide("accept_friend")}
            >
              {t.accept}
            </Button>
            <Button
              loading={busy === "reject_friend"}
              disabled={busy !== null}
              onClick={() => void decide("reject_friend")}
            >
              {t.reject}
            </Button>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t.waiting}</Typography.Text>
        ))}
    </Card>
  );
}
