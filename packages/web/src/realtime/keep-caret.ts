import { requestFocus, useOutline } from "../features/outliner/store";

/**
 * Runs a change to the lists on screen and keeps the caret of the row being edited. A list re-ordered
 * under the person's hands moves DOM nodes, and a moved textarea loses focus; the outliner's own moves
 * ask the row to take focus again (requestFocus), and so does a live change, with the same caret.
 */
export function keepingCaret(change: () => void): void {
  const element = document.activeElement;
  const active = useOutline.getState().active;
  if (!(element instanceof HTMLTextAreaElement) || !active?.editing) {
    change();
    return;
  }
  const editing = active.key;
  // Read before the change: a textarea that moved has lost its selection.
  const caret = element.selectionStart;
  change();
  requestAnimationFrame(() => {
    if (document.activeElement === element && element.isConnected) return;
    if (useOutline.getState().active?.key === editing) requestFocus(editing, caret, true);
  });
}
