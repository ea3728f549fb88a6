import { Alert, Empty, Flex, Pagination, Skeleton, Typography } from "antd";
import { useEffect, useState } from "react";
import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { NodeCard } from "../cards/NodeCard";

/** People-spec 9: page 1, 20 per page. */
export const PUBLIC_PAGE_SIZE = 20;

interface PublicKnowledgeResponse {
  results: Dnode[];
  total: number;
}

/**
 * /public-knowledge (people-spec 2): the published trees as cards, newest first. Pagination (size changer,
 * quick jumper, total text) shows only when there is more than one page.
 */
export function PublicKnowledgePage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PUBLIC_PAGE_SIZE);
  const [data, setData] = useState<PublicKnowledgeResponse | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    api
      .get<PublicKnowledgeResponse>("/public-knowledge/", { page, page_size: pageSize })
      .then((response) => current && setData(response))
      .catch((error) => {
        console.error(error);
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [page, pageSize]);

  return (
    <section>
      <Typography.Title level={2}>{zh.pages.publicKnowledge}</Typography.Title>
      {failed && <Alert type="error" showIcon title={zh.publicKnowledge.loadFailed} />}
      {!failed && data === null && <Skeleton active />}
      {!failed && data?.results.length === 0 && <Empty description={zh.publicKnowledge.empty} />}
      {data && data.results.length > 0 && (
        <Flex wrap gap={16}>
          {data.results.map((node) => (
            <NodeCard key={node.id} node={node} />
          ))}
        </Flex>
      )}
      {data && data.total > pageSize && (
        <Pagination
          style={{ marginTop: 24 }}
          current={page}
          pageSize={pageSize}
          total={data.total}
          showSizeChanger
          showQuickJumper
          showTotal={(total) => zh.publicKnowledge.total(total)}
          onChange={(nextPage, nextSize) => {
            setPage(nextSize === pageSize ? nextPage : 1);
            setPageSize(nextSize);
          }}
        />
      )}
    </section>
  );
}
