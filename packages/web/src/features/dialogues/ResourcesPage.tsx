import { useQuery } from "@tanstack/react-query";
import { Empty, Result, Spin, Typography } from "antd";
import { Link } from "react-router";
import { messageOf } from "../../api/messages";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import { dialogueTitle } from "../../entities/dialogue/display";
import { draggedNodeId, mayCarryNode } from "../../entities/dialogue/dragged-node";
import { zh } from "../../i18n/zh-CN";
import { useAttachResource } from "./use-attach";
import "./dialogues.css";

const t = zh.dialogues;

/**
 * /data/{dialogueId}/RESOURCE (people-spec 2): the dialogue's reference material; a node dropped on
 * the page is added to it (with the 授权访问 flow).
 */
export function DialogueResources({ dialogueId }: { dialogueId: number }) {
  const record = useQuery({
    queryKey: dialogueKeys.record(dialogueId),
    queryFn: () => dialogueApi.get(dialogueId),
  });
  const attach = useAttachResource(dialogueId);
  if (record.isError)
    return <Result status="warning" title={t.loadFailed} subTitle={messageOf(record.error)} />;
  if (!record.data)
    return (
      <div className="dlg-loading" role="status">
        <Spin size="small" /> {t.loading}
      </div>
    );
  const { resources } = record.data;
  return (
    <section
      className="dlg-page"
      aria-label={t.resourcesOf(dialogueTitle(record.data.dnode))}
      onDragOver={(event) => {
        if (!mayCarryNode(Array.from(event.dataTransfer.types))) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "link";
      }}
      onDrop={(event) => {
        const nodeId = draggedNodeId(event.dataTransfer);
        if (nodeId === null) return;
        event.preventDefault();
        void attach(nodeId);
      }}
    >
      <Typography.Title level={3}>
        <Link to={`/dialogue/${dialogueId}`}>{dialogueTitle(record.data.dnode)}</Link> · {t.resources}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.dropHint}</Typography.Paragraph>
      {resources.length === 0 ? (
        <Empty description={t.noResources} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="dlg-resources" aria-label={t.resources}>
          {resources.map((node) => (
            <li key={node.id}>
              <Link to={`/data/${node.id}`}>{node.name || `#${node.id}`}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
