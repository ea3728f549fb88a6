/**
 * The few strings the early first screen (early/screen.ts) draws before the app's code has arrived. Apart
 * from the rest of zh-CN so that small script does not download every string; zh-CN.ts and
 * zh-CN/outliner.ts take theirs from here, so each text still has one home.
 */
export const firstScreenTexts = {
  appName: "知树",
  untitled: "未命名",
};
