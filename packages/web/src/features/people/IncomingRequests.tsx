import { isOpenFriendRequest } from "@zhishu/shared";
import { Alert, Flex, Skeleton, Typography } from "antd";
import { useState } from "react";
import { FriendRequestCard } from "../../components/user/FriendRequestCard";
import { useIncomingRequests } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";

const t = zh.people;

/**
 * The friend requests waiting for the signed-in person, so they can be found and answered here (not
 * only on the request's own node page, or, later, in the stranger dialogue).
 */
export function IncomingRequests({ myId }: { myId: number }) {
  const { data, isError, isPending } = useIncomingRequests(myId);
  // A request answered here stays in the list (showing 已接受 / 已拒绝) until the page is left.
  const [answeredHere, setAnsweredHere] = useState<Set<number>>(new Set());
  const shown = (data ?? []).filter((node) => isOpenFriendRequest(node.content) || answeredHere.has(node.id));
  return (
    <section aria-labelledby="incoming-requests-title" className="people-section">
      <Typography.Title level={4} id="incoming-requests-title">
        {t.incoming}
      </Typography.Title>
      {isError ? (
        <Alert type="error" showIcon title={t.incomingFailed} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : shown.length === 0 ? (
        <Typography.Text type="secondary">{t.incomingEmpty}</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {shown.map((node) => (
            <FriendRequestCard
              key={node.id}
              node={node}
              onChanged={(updated) => setAnsweredHere((ids) => new Set(ids).add(updated.id))}
            />
          ))}
        </Flex>
      )}
    </section>
  );
}
