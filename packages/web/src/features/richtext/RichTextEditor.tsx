import { createDocument, type Editor, EditorContent, useEditor } from "@tiptap/react";
import { App } from "antd";
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { FormulaModal } from "../formula/FormulaModal";
import { type EditorCallbacks, editorExtensions, type MathTarget } from "./extensions";
import { Toolbar } from "./Toolbar";
import { clearTextDraft, readTextDraft } from "./text-drafts";
import { UrlPromptModal } from "./UrlPromptModal";
import { IMAGE_ACCEPT, isAcceptedImage, uploadImage } from "./upload-image";
import { embedForUrl, isAllowedLinkUrl } from "./urls";
import { type SaveOptions, type SaveStatus, useAutosave } from "./use-autosave";
import "./richtext.css";

export interface RichTextEditorProps {
  /** The node's `content.text` as stored (HTML). */
  html: string;
  editable: boolean;
  /**
   * Saves the new HTML when it differs from the last saved: 1 s after typing stops, on blur, and with
   * `keepalive` when the page is hidden or left. Needed only when editable.
   */
  onSave?: (html: string, options: SaveOptions) => Promise<void>;
  /** Where unsaved text is kept locally until the server has it (see text-drafts.ts). */
  draftKey?: string;
  /** The text area's accessible name; 正文 by default. */
  label?: string;
}

type Dialog = { kind: "link"; href: string } | { kind: "media" } | ({ kind: "math" } & MathTarget);

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: "",
  saving: zh.richText.saving,
  saved: zh.richText.saved,
  failed: zh.richText.saveFailed,
};

/** Every known kind of leaving (tab hidden, page left, bfcache): the last moment to send the text. */
function useSaveWhenLeaving(flushNow: () => void) {
  const latest = useRef(flushNow);
  latest.current = flushNow;
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === "hidden") latest.current();
    };
    const leaving = () => latest.current();
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leaving);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leaving);
    };
  }, []);
}

/** The editor's HTML, with an empty document as "" (TipTap says <p></p>), so clearing a text saves "". */
export function editorHtml(editor: Editor): string {
  const html = editor.getHTML();
  return html === "<p></p>" ? "" : html;
}

const noSave = async () => {};

/**
 * A node's rich text (workspace-spec 2): TipTap with headings, lists, links, images, tables, quotes,
 * code, math and media; saved while typing, on blur and when the page is left, and kept locally until
 * the server has it. Read-only, it shows the same document (math drawn)
 * without the toolbar. ProseMirror's schema keeps only what the editor knows, so stored HTML is also
 * filtered on the way in.
 */
export function RichTextEditor({
  html,
  editable,
  onSave,
  label = zh.richText.editorLabel,
  draftKey,
}: RichTextEditorProps) {
  const { message } = App.useApp();
  const { status, schedule, flush, markSaved, isSaved } = useAutosave(onSave ?? noSave, draftKey);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Set once the editor says "create": a newer text arriving before it is taken then (see below).
  const [created, setCreated] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const callbacks = useRef<EditorCallbacks>({
    editMath: () => {},
    insertMath: () => {},
    focusToolbar: () => {},
  });
  const extensions = useMemo(() => editorExtensions(callbacks), []);

  const editor = useEditor({
    extensions,
    content: html,
    editable,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-label": label,
        "aria-multiline": "true",
        class: "rich-text-content",
      },
    },
    onCreate: ({ editor: made }) => {
      markSaved(editorHtml(made));
      setCreated(true);
      // Text typed here earlier that never reached the server (reload, closed tab, no network).
      // `editable`, not `isEditable`: the view that answers the latter may not be mounted yet.
      const draft = draftKey && editable ? readTextDraft(draftKey) : null;
      if (draft === null || !draftKey) return;
      // The same text on the server: the save sent as the page closed landed after all.
      if (draft === editorHtml(made)) return clearTextDraft(draftKey);
      made.commands.setContent(draft, { emitUpdate: false });
      schedule(editorHtml(made));
      message.info(zh.richText.draftRestored);
    },
    onUpdate: ({ editor: changed }) => {
      if (changed.isEditable) schedule(editorHtml(changed));
    },
    onBlur: ({ editor: blurred }) => {
      if (blurred.isEditable) void flush(editorHtml(blurred));
    },
  });

  useSaveWhenLeaving(() => {
    if (editor && !editor.isDestroyed && editor.isEditable)
      void flush(editorHtml(editor), { keepalive: true });
  });

  const openMath = () => {
    if (!editor?.isEditable) return;
    const { from, to } = editor.state.selection;
    // Selected text is most likely the formula the person wants to turn into math.
    setDialog({
      kind: "math",
      latex: editor.state.doc.textBetween(from, to, " "),
      display: false,
      pos: null,
    });
  };
  callbacks.current = {
    editMath: (target) => {
      if (editor?.isEditable) setDialog({ kind: "math", ...target });
    },
    insertMath: openMath,
    focusToolbar: () => toolbarRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus(),
  };

  useEffect(() => {
    if (!editor) return;
    editor.setEditable(editable);
    // The view exists only once EditorContent has mounted it, which in a browser can come after this
    // effect; "create" follows the mount, so mark it then.
    const mark = () => editor.view.dom.setAttribute("aria-readonly", String(!editable));
    if (editor.isInitialized) mark();
    else {
      editor.on("create", mark);
      return () => {
        editor.off("create", mark);
      };
    }
  }, [editor, editable]);

  // A newer text from the server replaces the shown one, unless the person has unsaved edits in it.
  // The server's sanitised copy of what was just saved (table styles stripped …) is the same
  // document, and must not reset the caret.
  // A text arriving between the editor's construction and its "create" (a live update, a streaming
  // answer) is taken once it is created, not lost.
  useEffect(() => {
    if (!editor || editor.isDestroyed || !created || !isSaved(editorHtml(editor))) return;
    if (createDocument(html, editor.schema).eq(editor.state.doc)) return;
    editor.commands.setContent(html, { emitUpdate: false });
    markSaved(editorHtml(editor));
  }, [editor, created, html, isSaved, markSaved]);

  // Leaving the page while typing fires no blur: keep the text anyway.
  useEffect(
    () => () => {
      if (editor && !editor.isDestroyed && editor.isEditable) void flush(editorHtml(editor));
    },
    [editor, flush],
  );

  if (!editor) return null;

  const closeDialog = () => {
    setDialog(null);
    editor.commands.focus();
  };

  const applyLink = (href: string) => {
    const chain = editor.chain().focus().extendMarkRange("link");
    if (href === "") chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive("link"))
      chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    setDialog(null);
  };

  const insertMedia = (url: string) => {
    const embed = embedForUrl(url);
    if (embed)
      editor
        .chain()
        .focus()
        .insertContent({ type: embed.kind === "video" ? "video" : "embed", attrs: { src: embed.src } })
        .run();
    setDialog(null);
  };

  const saveMath = async (latex: string, { display }: { display: boolean }) => {
    if (dialog?.kind !== "math") return;
    const chain = editor.chain().focus();
    if (dialog.pos !== null) {
      const options = { latex, pos: dialog.pos };
      (dialog.display ? chain.updateBlockMath(options) : chain.updateInlineMath(options)).run();
    } else {
      const withoutSelection = chain.deleteSelection();
      (display
        ? withoutSelection.insertBlockMath({ latex })
        : withoutSelection.insertInlineMath({ latex })
      ).run();
    }
  };

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ""; // the same file may be chosen again later
    if (!file) return;
    if (!isAcceptedImage(file)) return void message.error(zh.richText.imageTypeInvalid);
    const done = message.loading(zh.richText.uploading, 0);
    try {
      const uploaded = await uploadImage(file);
      editor.chain().focus().setImage({ src: uploaded.url, alt: uploaded.original_name }).run();
    } catch (error) {
      message.error(zh.richText.uploadFailed((error as Error).message));
    } finally {
      done();
    }
  };

  return (
    <div className={`rich-text${editable ? " rich-text-editable" : ""}`}>
      {editable && (
        <Toolbar
          editor={editor}
          toolbarRef={toolbarRef}
          actions={{
            link: () => setDialog({ kind: "link", href: editor.getAttributes("link").href ?? "https://" }),
            image: () => fileInput.current?.click(),
            math: openMath,
            media: () => setDialog({ kind: "media" }),
          }}
        />
      )}
      <EditorContent editor={editor} />
      {editable && (
        <>
          <div className="rich-text-status" aria-live="polite" data-status={status}>
            {STATUS_TEXT[status]}
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            aria-label={zh.richText.image}
            onChange={(event) => void onFileChosen(event)}
          />
          <UrlPromptModal
            open={dialog?.kind === "link"}
            title={zh.richText.linkTitle}
            label={zh.richText.linkLabel}
            hint={zh.richText.linkHint}
            initialValue={dialog?.kind === "link" ? dialog.href : ""}
            validate={(value) =>
              value.trim() === "" || isAllowedLinkUrl(value) ? null : zh.richText.linkInvalid
            }
            onOk={applyLink}
            onCancel={closeDialog}
          />
          <UrlPromptModal
            open={dialog?.kind === "media"}
            title={zh.richText.mediaTitle}
            label={zh.richText.mediaLabel}
            initialValue="https://"
            validate={(value) => (embedForUrl(value) ? null : zh.richText.mediaInvalid)}
            onOk={insertMedia}
            onCancel={closeDialog}
          />
          <FormulaModal
            open={dialog?.kind === "math"}
            latex={dialog?.kind === "math" ? dialog.latex : ""}
            display={dialog?.kind === "math" && dialog.display}
            onSave={saveMath}
            onClose={closeDialog}
          />
        </>
      )}
    </div>
  );
}
