import { type KeyboardEvent, useLayoutEffect, useRef } from "react";
import { zh } from "../../i18n/zh-CN";
import { isImeKey } from "../../lib/keys";
import { type CommandContext, findCommand } from "./commands";
import { useController, useTreeView } from "./context";
import type { NodeRow } from "./flatten";
import { isEditingKey, useReadOnlyNotice } from "./read-only";
import "./row-marks.css";
import { useFocusRequest, useNameTyping } from "./name-typing";
import { type FocusRequest, setActive } from "./store";

// Where the browser sizes a textarea to its text (Chromium), no script measures it.
const fieldSizing =
  typeof CSS !== "undefined" && typeof CSS.supports === "function" && CSS.supports("field-sizing", "content");

function autosize(el: HTMLTextAreaElement): void {
  if (fieldSizing) return;
  el.style.height = "auto";
  if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight}px`;
}

interface Props {
  row: NodeRow;
  name: string;
  editable: boolean;
  tabbable: boolean;
  /** A request to put the caret here (the row reads it from the store for the name). */
  focus: FocusRequest | null;
}

/**
 * The inline name editor of a row: a one-line-at-a-time textarea (long names wrap) whose keys are the
 * outliner's commands. While an input method composes, keys belong to it and nothing is saved.
 */
export function NameEditor({ row, name, editable, tabbable, focus }: Props) {
  const controller = useController();
  const view = useTreeView();
  const ref = useRef<HTMLTextAreaElement>(null);
  const { composing, caretAfterRender, handlers } = useNameTyping(row, name);
  const readOnlyNotice = useReadOnlyNotice();

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (caretAfterRender.current !== null) {
      el.setSelectionRange(caretAfterRender.current, caretAfterRender.current);
      caretAfterRender.current = null;
    }
    autosize(el);
  });

  useFocusRequest(ref, focus);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Before the input method's turn: a reader's pinyin would not reach a read-only name either.
    if (!editable && (isEditingKey(event) || event.keyCode === 229)) {
      event.preventDefault();
      readOnlyNotice();
      return;
    }
    if (isImeKey(event, composing.current)) return;
    const el = event.currentTarget;
    const ctx: CommandContext = {
      controller,
      view,
      row,
      text: el.value,
      selectionStart: el.selectionStart ?? 0,
      selectionEnd: el.selectionEnd ?? 0,
      setText: (_text, caret) => {
        caretAfterRender.current = caret;
      },
    };
    const command = findCommand(event, ctx);
    if (command) {
      event.preventDefault();
      command.run(ctx);
    } else if (event.key === "Enter") event.preventDefault(); // a name never holds a newline
  };

  return (
    <textarea
      ref={ref}
      className="ol-name"
      rows={1}
      value={name}
      readOnly={!editable}
      aria-label={zh.outliner.nameInput}
      spellCheck={false}
      tabIndex={tabbable ? 0 : -1}
      onFocus={() => {
        setActive(row.key, true);
        controller.names.activate(row);
      }}
      onBlur={() => controller.rows.commitName(view, row)}
      {...handlers}
      onKeyDown={onKeyDown}
      onPaste={editable ? undefined : readOnlyNotice}
    />
  );
}
