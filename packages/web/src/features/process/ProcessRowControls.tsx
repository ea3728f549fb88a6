import { memo } from "react";
import type { Dnode } from "../../entities/dnode/types";
import { DeliveryChoice } from "./DeliveryChoice";
import { ProcessButtons } from "./ProcessButtons";
import { ProcessTimer } from "./ProcessTimer";
import { hasTimer } from "./process-display";
import { StatusTag } from "./StatusTag";
import "./process.css";

interface Props {
  node: Dnode;
  /** Where the nodes an action changed go (the outline store, through the controller). */
  onNodes: (nodes: Dnode[]) => void;
}

/**
 * What a PROCESS row shows after its name: the status tag, the clock once it has run, and start /
 * pause / finish. Memoised on the node object, so only the process whose node changed re-renders (and,
 * while running, its clock once a second through the shared ticker).
 */
export const ProcessRowControls = memo(function ProcessRowControls({ node, onNodes }: Props) {
  return (
    <span className="pr-row">
      <StatusTag content={node.content} />
      {hasTimer(node.content) && <ProcessTimer content={node.content} />}
      <ProcessButtons node={node} onNodes={onNodes} compact />
      <DeliveryChoice node={node} onNodes={onNodes} />
    </span>
  );
});
