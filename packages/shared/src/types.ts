/** The 31 node types of workspace-spec section 1, in the spec's order. */
export const NODE_TYPES = [
  "CONCEPT",
  "CLASS",
  "INSTANCE",
  "METHOD",
  "STEP",
  "PARAM",
  "RESULT",
  "RULE",
  "NOTE",
  "DEF",
  "DIR",
  "TEXT",
  "CODE",
  "IMAGE",
  "FILE",
  "URL",
  "EX",
  "PVALUE",
  "PROCESS",
  "DIALOGUE",
  "AGENT",
  "DICT",
  "LIST",
  "REF",
  "USER",
  "CLASSIFICATION",
  "SYSTEM_METHOD",
  "CUSTOMNODE",
  "ASK",
  "REPLY",
  "SRC",
] as const;

export type NodeType = (typeof NODE_TYPES)[number];

const NODE_TYPE_SET: ReadonlySet<string> = new Set(NODE_TYPES);

/** True when the string names one of the spec's node types. */
export function isNodeType(value: string): value is NodeType {
  return NODE_TYPE_SET.has(value);
}

/** Chinese type labels of workspace-spec section 3 ("Type labels"). */
export const NODE_TYPE_LABELS: Partial<Record<NodeType, string>> = {
  DIR: "目录",
  TEXT: "文本",
  CODE: "代码",
  URL: "链接",
  CONCEPT: "概念/类",
  METHOD: "方法",
  DEF: "定义",
  RULE: "规则",
  PROCESS: "行/流程/目标/bug",
  INSTANCE: "实例",
  STEP: "步骤",
  AGENT: "AI",
  PARAM: "参数",
  RESULT: "结果",
  IMAGE: "图片",
  FILE: "文件",
  EX: "公式",
  USER: "用户根节点",
  PVALUE: "属性值",
};

/** The user kinds of people-spec section 6 with their card labels. */
export const USER_TYPE_LABELS = { PERSON: "个人用户", GROUP: "群组", AI: "AI用户" } as const;
export type UserType = keyof typeof USER_TYPE_LABELS;
