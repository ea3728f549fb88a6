import { changeNode } from "../../entities/dnode/store";

interface Place {
  parentId: number;
  relation: string;
}

/**
 * A move shown on screen before the server answers: when it took the node from its own place
 * (parent_id and main_relation), the node's place follows, so the row is not marked as a reference
 * (reference.ts) and Alt+Left, the breadcrumb and drop checks see where it now is. A refused move calls
 * it again the other way round.
 */
export function followMainPlace(id: number, from: Place, to: Place): void {
  if (to.relation.startsWith("x__")) return;
  changeNode(id, (node) =>
    node.parent_id !== from.parentId || node.main_relation !== from.relation
      ? node
      : { ...node, parent_id: to.parentId, main_relation: to.relation },
  );
}
