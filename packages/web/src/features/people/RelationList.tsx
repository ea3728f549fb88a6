import { Alert, Empty, Pagination, Skeleton } from "antd";
import { useState } from "react";
import { messageOf } from "../../api/messages";
import { UserCard } from "../../components/user/UserCard";
import { RELATION_PAGE_SIZE } from "../../entities/user/api";
import { useRelations } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";

const t = zh.people;

/** One relation list of a user (好友, 群组, 粉丝 or 关注) as user cards, a page at a time. */
export function RelationList({ userId, type, label }: { userId: number; type: string; label: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isError, isPending } = useRelations(userId, type, page, true);
  if (isError)
    return <Alert type="error" showIcon title={t.loadRelationsFailed} description={messageOf(error)} />;
  if (isPending) return <Skeleton avatar active paragraph={{ rows: 1 }} />;
  if (data.results.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.listEmpty(label)} />;
  return (
    <>
      <ul className="people-list" aria-label={label}>
        {data.results.map((user) => (
          <li key={user.id}>
            <UserCard user={user} />
          </li>
        ))}
      </ul>
      {data.total > RELATION_PAGE_SIZE && (
        <Pagination
          size="small"
          current={page}
          pageSize={RELATION_PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          showTotal={t.total}
          onChange={setPage}
        />
      )}
    </>
  );
}
