/** System relation names of workspace-spec section 3 (x is the owner side, y the target). */
export const SYSTEM_RELATIONS = [
  "PARENT_CONCEPT",
  "RELATED_CONCEPT",
  "CHILD_NODE",
  "PROPERTY",
  "REFERENCE",
  "RULE",
  "METHOD",
  "DEF",
  "INSTANCE",
  "STEP",
  "SUBSTEP",
  "PARAM",
  "RESULT",
  "PARAM_DOMAIN",
  "RESULT_DOMAIN",
  "STEP_METHOD",
  "STEP_SYSTEM_METHOD",
  "CONCEPT_DNODE_SERVICE",
  "RESULT_OF_PROCESS",
  "PARAM_OF_PROCESS",
  "SUBPROCESS",
  "AGENTPROCESS",
  "NOTE",
  "VALUE_OF_DICT",
  "VALUE_OF_LIST",
  "VARIABLE_OF_PROCESS",
  "SUBORDINATE",
  "AGENT_METHOD",
  "PARENT_METHOD",
  "URL",
  "CLASSIFICATION",
  "CLASSIFIED_NODE",
  "INVERSE_PROPERTY",
  "PROPERTY_DOMAIN",
  "PVALUE",
  "PVV",
  "IMAGE",
  "FILE",
  "CHAT",
  "RESOURCE",
  "CONCLUSION",
  "SUB_DIALOGUE",
  "PARTICIPANT",
  "USER_ROOT",
  "DELETED_ANCHOR",
  "FAVOR",
  "host_of_reference",
  "host_of_concept",
] as const;

export type SystemRelation = (typeof SYSTEM_RELATIONS)[number];

/** Relations computed on read, never stored as rows. */
export const VIRTUAL_RELATIONS: ReadonlySet<string> = new Set([
  "STEP_SYSTEM_METHOD",
  "CONCEPT_DNODE_SERVICE",
]);

const SYSTEM_SET: ReadonlySet<string> = new Set(SYSTEM_RELATIONS);
const CUSTOM_PROPERTY = /^pv_([1-9]\d{0,9})$/;
/** The prefix that names the x (owner) side when a node's relation groups are read from its y side. */
export const X_SIDE_PREFIX = "x__";

/** A custom property relation is `pv_` plus the id of the relation that defines the property. */
export function customPropertyRelationId(name: string): number | null {
  const m = CUSTOM_PROPERTY.exec(name);
  return m ? Number(m[1]) : null;
}

/** True for a name that may be stored on a relation row: a non-virtual system name or `pv_{id}`. */
export function isStorableRelationName(name: string): boolean {
  return (SYSTEM_SET.has(name) && !VIRTUAL_RELATIONS.has(name)) || customPropertyRelationId(name) !== null;
}

/** Splits a group key into its relation name and the side it is read from (`x__NAME` is the x side). */
export function parseRelationKey(key: string): { name: string; side: "x" | "y" } {
  return key.startsWith(X_SIDE_PREFIX)
    ? { name: key.slice(X_SIDE_PREFIX.length), side: "x" }
    : { name: key, side: "y" };
}
