import { isOpenFriendRequest } from "@zhishu/shared";
import { Alert, Flex, Skeleton, Typography } from "antd";
import { FriendRequestCard } from "../../components/user/FriendRequestCard";
import { useSentRequests } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";

const t = zh.people;

/**
 * 我发出的好友请求: the requests the signed-in person sent that the other has not answered yet (each
 * card says 等待对方处理). Found like the incoming ones, among one's newest processes.
 */
export function SentRequests({ myId }: { myId: number }) {
  const { data, isError, isPending } = useSentRequests(myId);
  const open = (data ?? []).filter((node) => isOpenFriendRequest(node.content));
  return (
    <section aria-labelledby="sent-requests-title" className="people-section">
      <Typography.Title level={4} id="sent-requests-title">
        {t.sent}
      </Typography.Title>
      {isError ? (
        <Alert type="error" showIcon title={t.incomingFailed} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : open.length === 0 ? (
        <Typography.Text type="secondary">{t.sentEmpty}</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          {open.map((node) => (
            <FriendRequestCard key={node.id} node={node} />
          ))}
        </Flex>
      )}
    </section>
  );
}
