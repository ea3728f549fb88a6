import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { linkedIds } from "./field-kinds";

/** The nodes a DnodeLink or DnodeList field points at, each a link to its page. */
export function NodeLinks({ value }: { value: unknown }) {
  const ids = linkedIds(value);
  if (ids.length === 0) return null;
  return (
    <span className="content-field-links">
      {ids.map((id) => (
        <Link key={id} to={`/data/${id}`}>
          {zh.content.nodeLink(id)}
        </Link>
      ))}
    </span>
  );
}
