import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { toggleDone } from "./completion";
import { useController } from "./context";

/**
 * The generic completion box (workspace-spec 4: finished_at set to now, or cleared), at the row's end.
 * Rows show it when done, and the selected row to tick it: a box on each of 10,000 rows would cost
 * every scroll frame for nothing. Ctrl+Enter does the same from the keyboard.
 */
export function RowDone({ node, name }: { node: Dnode; name: string }) {
  const controller = useController();
  return (
    <input
      type="checkbox"
      className="ol-done"
      aria-label={zh.outliner.done(name)}
      checked={Boolean(node.finished_at)}
      disabled={node.permissions?.write === false}
      tabIndex={-1}
      onChange={() => void toggleDone(controller.core, node.id)}
    />
  );
}
