import { zh } from "../../i18n/zh-CN";
import { useTreeView } from "./context";
import { refOf } from "./drag-store";
import type { NodeRow } from "./flatten";
import { setTicked, useSelection } from "./selection-store";
import { requestFocus } from "./store";

/**
 * A row's tick in selecting status. The focus goes back to the row after a click, so the keys of
 * ticked rows (Delete, Ctrl+X) work at once; keyboard users tick with Space on the row itself.
 */
export function RowTick({ row, name }: { row: NodeRow; name: string }) {
  const view = useTreeView();
  const ticked = useSelection((s) => s.ticked[view.scope]?.[row.key] !== undefined);
  return (
    <input
      type="checkbox"
      className="ol-tick"
      aria-label={zh.dragDrop.tick(name)}
      checked={ticked}
      tabIndex={-1}
      onChange={(e) => {
        setTicked(view.scope, refOf(row), e.currentTarget.checked);
        requestFocus(row.key, "end", false);
      }}
    />
  );
}
