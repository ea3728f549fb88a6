import { type ChangeEvent, type CompositionEvent, type RefObject, useLayoutEffect, useRef } from "react";
import { useController } from "./context";
import type { NodeRow } from "./flatten";
import { type FocusRequest, focusDone } from "./store";

/**
 * What every name editor shares (a row's name, the node page's title): typing goes through
 * controller.names.changeName, an input method's pinyin only shows until it commits, each committed word or
 * phrase ends the typing run (one undo step per word, issue 19 point 5), and a caret the controller
 * moved (a prefix turned into a type) is put back after the render.
 */
export function useNameTyping(row: NodeRow, name: string) {
  const controller = useController();
  const composing = useRef(false);
  const beforeComposition = useRef(name);
  const caretAfterRender = useRef<number | null>(null);
  const apply = (el: HTMLTextAreaElement, before: string, isComposing: boolean) => {
    const { caretShift } = controller.names.changeName(row, before, el.value, isComposing);
    if (caretShift > 0) caretAfterRender.current = Math.max(0, (el.selectionStart ?? 0) - caretShift);
  };
  const handlers = {
    onChange: (e: ChangeEvent<HTMLTextAreaElement>) => apply(e.currentTarget, name, composing.current),
    onCompositionStart: () => {
      composing.current = true;
      beforeComposition.current = name;
      // What an input method commits is a word or a phrase: the run so far ends before the next begins.
      controller.names.endTypingRun();
    },
    onCompositionEnd: (e: CompositionEvent<HTMLTextAreaElement>) => {
      composing.current = false;
      apply(e.currentTarget, beforeComposition.current, false);
    },
  };
  return { composing, caretAfterRender, handlers };
}

/** Puts the caret where a focus request asks (a new row, an undo bringing the caret back). */
export function useFocusRequest(
  ref: RefObject<HTMLTextAreaElement | null>,
  focus: FocusRequest | null,
): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!focus || !el) return;
    el.focus();
    const end = el.value.length;
    const at = focus.caret === "end" ? end : focus.caret === "start" ? 0 : Math.min(focus.caret, end);
    el.setSelectionRange(at, at);
    focusDone(focus.seq);
  }, [focus, ref]);
}
