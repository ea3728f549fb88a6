import "./zod-locale";

export * from "./avatar";
export * from "./messages";
export * from "./order";
export * from "./pending-updates";
export * from "./permissions";
export * from "./references";
export * from "./relations";
export * from "./schemas/access";
export * from "./schemas/auth";
export * from "./schemas/common";
export * from "./schemas/dnode";
export * from "./schemas/moves";
export * from "./schemas/reads";
export * from "./schemas/relations";
export * from "./schemas/tabstate";
export * from "./schemas/tree";
export * from "./types";
