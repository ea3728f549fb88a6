import { Tag, Typography } from "antd";
import { Link } from "react-router";
import { useChatting } from "../../entities/dialogue/chatting";
import { zh } from "../../i18n/zh-CN";

const t = zh.dialogues;

/** The nodes brought into the chat with 添加到对话 (`chattingDnodes`), each removable. */
export function ChattingNodes() {
  const trees = useChatting((s) => s.trees);
  const remove = useChatting((s) => s.remove);
  if (trees.length === 0) return null;
  return (
    <section className="dlg-chatting" aria-label={t.chatting}>
      <Typography.Text type="secondary">{t.chatting}：</Typography.Text>
      {trees.map((tree) => (
        <Tag
          key={tree.id}
          closable
          closeIcon={
            <span role="img" aria-label={t.removeFromChat(tree.name)}>
              ×
            </span>
          }
          onClose={() => remove(tree.id)}
        >
          <Link to={`/data/${tree.id}`}>{tree.name || `#${tree.id}`}</Link>
        </Tag>
      ))}
    </section>
  );
}
