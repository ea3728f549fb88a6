/** The outliner's row keys: merging rows, keyboard selection, outline copy and paste (part of zh-CN.ts). */
export const outlineKeysTexts = {
  outlineKeys: {
    help: "行首退格并入上一行，行尾 Delete 并入下一行；Esc 选中行后 Shift+↑/↓ 或 Shift+点击 多选，Tab、Shift+Tab、Alt+↑/↓ 移动所选行，Delete 删除，Ctrl+C/X/V 复制、剪切、粘贴，Home/End、PageUp/PageDown 跳转；粘贴多行文字按缩进生成节点；在同级之间拖动圆点直接调整顺序",
    /** Why a merge (Backspace at the start, Delete at the end) did nothing. */
    mergeRefused: (which: string, kind: string) => `${which}是${kind}，不能合并`,
    above: "上一行",
    thisRow: "这一行",
    below: "下一行",
    kinds: { EX: "公式", IMAGE: "图片", FILE: "文件", labelled: "带类型的节点" } as Record<string, string>,
    mergeFailed: "合并失败",
    copied: (n: number) => `已复制 ${n} 个节点`,
    cutRows: (n: number) => `已剪切 ${n} 个节点`,
    copyFailed: "复制失败，请重试",
    pasting: (done: number, total: number) => `正在粘贴 ${done}/${total} 行…`,
    pasted: (n: number) => `已粘贴 ${n} 行`,
    pasteFailed: "粘贴失败",
    confirmLargePaste: (n: number) => `粘贴 ${n} 行？`,
    confirmLargePasteHint: "每一行会成为一个节点，按缩进排成层级。",
    confirmPasteOk: "粘贴",
  },
} as const;
