import { TRASH_DAYS, type TrashItemJson, type TrashListResponse } from "@zhishu/shared";
import { Alert, App, Button, Empty, List, Pagination, Skeleton, Space, Typography } from "antd";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { messageOf } from "../../api/messages";
import { trashApi } from "../../api/trash";
import { zh } from "../../i18n/zh-CN";
import { relativeTime } from "../../lib/relative-time";

const t = zh.trash;
export const TRASH_PAGE_SIZE = 20;
const DAY = 24 * 60 * 60 * 1000;

/** Whole days left before the bin purges an item (at least 1 while it is still listed). */
export const daysLeft = (expiresAt: string, now = Date.now()) =>
  Math.max(1, Math.ceil((new Date(expiresAt).getTime() - now) / DAY));

/**
 * /trash (回收站, from the header's user menu): every subtree the person deleted or that was deleted from
 * their trees in the last 30 days, newest first. 恢复 puts it back in its old place (or on home when that
 * place is gone); 彻底删除 removes it for good, after asking.
 */
export function TrashPage() {
  const { message, modal } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TrashListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async (wanted: number) => {
    setError(null);
    try {
      const answer = await trashApi.list(wanted, TRASH_PAGE_SIZE);
      // The last item of a page went: show the page before it.
      if (answer.results.length === 0 && wanted > 1) return setPage(wanted - 1);
      setData(answer);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const restore = async (item: TrashItemJson) => {
    setBusy(item.id);
    try {
      await trashApi.restoreItems([item.id]);
      message.success(t.restored);
      await load(page);
    } catch (failure) {
      message.error(t.restoreFailed(messageOf(failure)));
    } finally {
      setBusy(null);
    }
  };

  const purge = (item: TrashItemJson) =>
    modal.confirm({
      title: t.purgeConfirm(item.name),
      okText: t.purge,
      okButtonProps: { danger: true },
      cancelText: t.confirmCancel,
      autoFocusButton: "cancel",
      onOk: async () => {
        try {
          await trashApi.purge(item.id);
          message.success(t.purged);
          await load(page);
        } catch (failure) {
          message.error(t.purgeFailed(messageOf(failure)));
        }
      },
    });

  return (
    <section className="trash-page">
      <Typography.Title level={2}>{t.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t.intro(TRASH_DAYS)}</Typography.Paragraph>
      {error !== null && (
        <Alert
          type="error"
          showIcon
          title={t.loadFailed(error)}
          action={
            <Button size="small" onClick={() => void load(page)}>
              {t.retry}
            </Button>
          }
        />
      )}
      {error === null && data === null && <Skeleton active />}
      {data?.results.length === 0 && <Empty description={t.empty} />}
      {data && data.results.length > 0 && (
        <List
          dataSource={data.results}
          rowKey="id"
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button
                  key="restore"
                  type="primary"
                  loading={busy === item.id}
                  onClick={() => void restore(item)}
                >
                  {t.restore}
                </Button>,
                <Button key="purge" danger onClick={() => purge(item)}>
                  {t.purge}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={item.name || zh.outliner.untitled}
                description={
                  <Space size={12} wrap>
                    <span>{t.nodeCount(item.node_count)}</span>
                    <span>{t.deletedAt(relativeTime(item.deleted_at))}</span>
                    {item.deleted_by && <span>{t.deletedBy(item.deleted_by.username)}</span>}
                    <span>
                      {item.parent ? (
                        <Link to={`/data/${item.parent.id}`}>{t.backTo(item.parent.name)}</Link>
                      ) : (
                        t.backHome
                      )}
                    </span>
                    <span>{t.expires(daysLeft(item.expires_at))}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
      {data && data.total > TRASH_PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 24 }}
          current={page}
          pageSize={TRASH_PAGE_SIZE}
          total={data.total}
          showTotal={t.total}
          onChange={setPage}
        />
      )}
    </section>
  );
}
