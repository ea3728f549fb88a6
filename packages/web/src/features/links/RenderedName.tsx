import { parseReferences } from "@zhishu/shared";
import { App, Button } from "antd";
import { useNavigate } from "react-router";
import { api } from "../../api/client";
import { zh } from "../../i18n/zh-CN";
import { LazyFormula as Formula } from "../formula/LazyFormula";
import { NodeLink } from "./NodeLink";

const t = zh.links;

/** A keyword reference: opens the best match of a search for the keyword, or says none was found. */
function KeywordRef({ keyword }: { keyword: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const open = async () => {
    try {
      const found = await api.get<{ id: number }[]>("/dnode/search/", { search: keyword, limit: 1 });
      if (found.length > 0) navigate(`/data/${found[0].id}`);
      else message.info(t.notFound(keyword));
    } catch (error) {
      message.error(error instanceof Error ? error.message : t.searchFailed);
    }
  };
  return (
    <Button type="link" size="small" className="node-ref" onClick={() => void open()}>
      {keyword}
    </Button>
  );
}

/**
 * A node's name as read (not edited): an EX node's formula drawn with KaTeX (raw text when it cannot be
 * drawn), and `@{id or keyword}` references as links (workspace-spec 2, 5).
 */
export function RenderedName({ name, type }: { name: string; type: string }) {
  if (type === "EX") return <Formula latex={name} />;
  return (
    <>
      {parseReferences(name).map((segment, i) =>
        segment.kind === "text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <span key={i}>{segment.text}</span>
        ) : segment.id !== undefined ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <NodeLink key={i} id={segment.id} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <KeywordRef key={i} keyword={segment.keyword} />
        ),
      )}
    </>
  );
}
