import { parseReferences } from "@zhishu/shared";
import { App, Button } from "antd";
import { useNavigate } from "react-router";
import { nodeApi } from "../../entities/dnode/node-api";
import { zh } from "../../i18n/zh-CN";
import { LazyFormula as Formula } from "../formula/LazyFormula";
import { NodeLink } from "./NodeLink";
import { firstWebLink, textRuns } from "./text-runs";

const t = zh.links;

/** A keyword reference: opens the best match of a search for the keyword, or says none was found. */
function KeywordRef({ keyword }: { keyword: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const open = async () => {
    try {
      const found = await nodeApi.search({ search: keyword, limit: 1 });
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

/** A link in a name: opens in a new tab, so the tree stays where it was. */
function WebLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="web-link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Plain text of a name with its http(s) links as links and its `\( … \)` / `\[ … \]` formulas drawn. */
function DrawnText({ text }: { text: string }) {
  return (
    <>
      {textRuns(text).map((run, i) =>
        run.kind === "text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity beyond their place
          <span key={i}>{run.text}</span>
        ) : run.kind === "url" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <WebLink key={i} href={run.href}>
            {run.href}
          </WebLink>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Formula key={i} latex={run.latex} display={run.display} />
        ),
      )}
    </>
  );
}

/**
 * A node's name as read (not edited): an EX node's formula drawn with KaTeX (raw text when it cannot be
 * drawn), `@{id or keyword}` references as links (workspace-spec 2, 5), http(s) links that open a new
 * tab and typed formulas drawn (issue 12 points 10, 12). `href`: the page of a URL node whose name does
 * not hold it, which the whole name then links to.
 */
export function RenderedName({ name, type, href }: { name: string; type: string; href?: string | null }) {
  if (type === "EX") return <Formula latex={name} />;
  if (href && !firstWebLink(name)) return <WebLink href={href}>{name}</WebLink>;
  return (
    <>
      {parseReferences(name).map((segment, i) =>
        segment.kind === "text" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <DrawnText key={i} text={segment.text} />
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
