import { zh } from "../../i18n/zh-CN";

/**
 * The lines under a node page's tree: how to type and drag for someone who may edit; for a reader only
 * that the tree is read-only (issue 12 point 13), since keys and drops that edit are not theirs. `id`
 * is what the tree's aria-describedby names.
 */
export function PageHelp({ id, canWrite }: { id: string; canWrite: boolean }) {
  if (!canWrite)
    return (
      <p id={id} className="ol-help ol-reader-note">
        {zh.outliner.readerNote}
      </p>
    );
  return (
    <>
      <p id={id} className="ol-help">
        {zh.outliner.keyboardHelp}
      </p>
      <p className="ol-help">{zh.dragDrop.dragHelp}</p>
      <p className="ol-help">{zh.outlineKeys.help}</p>
    </>
  );
}
