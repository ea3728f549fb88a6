import { Alert, Empty, Flex, Pagination, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { NodeCard } from "../cards/NodeCard";

/** Workspace-spec 9: public anchor lists, 20 per page from offset 0. */
export const ANCHOR_PAGE_SIZE = 20;

/** One of a user's tree lists (GET /api/user/public-anchors/) as cards, paged when it is long. */
export function TreeList({ userId, type }: { userId: number; type: "public" | "shared" | "received" }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ results: Dnode[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setData(null);
    setFailed(false);
    api
      .get<{ results: Dnode[]; total: number }>("/user/public-anchors/", {
        user_id: userId,
        type,
        limit: ANCHOR_PAGE_SIZE,
        offset: (page - 1) * ANCHOR_PAGE_SIZE,
      })
      .then((response) => current && setData(response))
      .catch((error) => {
        console.error(error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [userId, type, page]);

  if (failed) return <Alert type="error" showIcon title={zh.profile.listFailed} />;
  if (!data) return <Skeleton active />;
  if (data.results.length === 0) return <Empty description={zh.profile.noTrees} />;
  return (
    <>
      <Flex wrap gap={16}>
        {data.results.map((node) => (
          <NodeCard key={node.id} node={node} />
        ))}
      </Flex>
      {data.total > ANCHOR_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16 }}
          current={page}
          pageSize={ANCHOR_PAGE_SIZE}
          total={data.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </>
  );
}
