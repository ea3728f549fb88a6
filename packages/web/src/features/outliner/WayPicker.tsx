import { App, Button, Popover } from "antd";
import type { KeyboardEvent } from "react";
import { zh } from "../../i18n/zh-CN";
import { useController } from "./context";
import { askWay, useDrag } from "./drag-store";
import type { MoveWay } from "./drag-ways";

const t = zh.dragDrop;

/**
 * The way-picker (workspace-spec 2 "drag and drop … with a way-picker"): when several ways fit a drop
 * and the keys held did not name one of them, the acceptable ways are offered at the drop point.
 * Dismissing it chooses nothing, and the person is told (workspace-spec 5: "a move needs a selected way").
 */
export function WayPicker({ scope }: { scope: string }) {
  const controller = useController();
  const { message } = App.useApp();
  const picking = useDrag((s) => (s.picking?.scope === scope ? s.picking : null));
  if (!picking) return null;

  // Escape and the popover's own closing may both report one dismissal: only the first counts.
  const stillOpen = () => useDrag.getState().picking !== null;
  const choose = (way: MoveWay) => {
    if (!stillOpen()) return;
    askWay(null);
    controller.drops.applyDrop(picking.drop, way);
  };
  const dismiss = () => {
    if (!stillOpen()) return;
    askWay(null);
    void message.warning(t.wayRequired);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") dismiss();
  };

  const content = (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, named by the popover's title
    <div className="ol-way-picker" role="group" aria-label={t.pickWay} onKeyDown={onKeyDown}>
      {picking.ways.map((way, i) => (
        <Button key={way} size="small" autoFocus={i === 0} onClick={() => choose(way)}>
          {t.ways[way]}
        </Button>
      ))}
    </div>
  );
  return (
    <Popover
      open
      title={t.pickWay}
      content={content}
      trigger="click"
      placement="bottomLeft"
      onOpenChange={(open) => {
        if (!open) dismiss();
      }}
    >
      <span className="ol-way-anchor" style={{ left: picking.x, top: picking.y }} />
    </Popover>
  );
}
