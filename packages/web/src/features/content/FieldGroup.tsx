import type { Dnode } from "../../entities/dnode/types";
import { FieldRow } from "./FieldRow";
import { type FieldSpec, fieldKeys } from "./field-kinds";
import "./content.css";
import { zh } from "../../i18n/zh-CN";

/** Props of the field group: the node, where to report a saved change, and optional field definitions. */
export interface FieldGroupProps {
  node: Dnode;
  onChanged: (node?: Dnode) => void;
  /** Labels, kinds, select options and units by content key (e.g. a custom node's class fields). */
  fieldSpecs?: Record<string, FieldSpec>;
  /** More keys to leave out, e.g. those a process view already shows. */
  hiddenKeys?: readonly string[];
}

/**
 * The node's content fields, each with the editor of its kind (workspace-spec 2 "Field group view").
 * Keys shown elsewhere on the node page are left out; nothing renders when no field remains.
 */
export function FieldGroup({ node, onChanged, fieldSpecs, hiddenKeys }: FieldGroupProps) {
  const keys = fieldKeys(node, hiddenKeys);
  if (keys.length === 0) return null;
  const editable = node.permissions?.write !== false;
  return (
    <section className="content-fields" aria-label={zh.content.fields}>
      {keys.map((key) => (
        <FieldRow
          key={key}
          nodeId={node.id}
          name={key}
          value={node.content[key]}
          spec={fieldSpecs?.[key]}
          editable={editable}
          onChanged={onChanged}
        />
      ))}
    </section>
  );
}
