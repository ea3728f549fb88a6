import { Extension, type Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { Mathematics } from "@tiptap/extension-mathematics";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { Embed, Video } from "./media-nodes";
import { isAllowedLinkUrl } from "./urls";

/** A math node the person wants to edit (pos set) or insert (pos null). */
export interface MathTarget {
  latex: string;
  display: boolean;
  pos: number | null;
}

/** What the editor asks of its host; read through a ref so the editor never has to be rebuilt. */
export interface EditorCallbacks {
  editMath: (target: MathTarget) => void;
  insertMath: () => void;
  focusToolbar: () => void;
}

function shortcuts(callbacks: { current: EditorCallbacks }) {
  return Extension.create({
    name: "zhishuShortcuts",
    addKeyboardShortcuts() {
      const insertMath = () => {
        callbacks.current.insertMath();
        return true;
      };
      return {
        // workspace-spec 2: "Ctrl+M inserts math in the rich-text editor"; ⌘M too on a Mac.
        "Ctrl-m": insertMath,
        "Mod-m": insertMath,
        // The usual way (TinyMCE, CKEditor) to reach the toolbar from the text.
        "Alt-F10": () => {
          callbacks.current.focusToolbar();
          return true;
        },
      };
    },
  });
}

/** The editor's schema and behaviour: everything workspace-spec 2 lists for the rich-text editor. */
export function editorExtensions(callbacks: { current: EditorCallbacks }): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      link: {
        openOnClick: false,
        defaultProtocol: "https",
        isAllowedUri: (url) => isAllowedLinkUrl(url),
      },
    }),
    Image,
    // Resizing would store column widths as inline styles, which the server strips anyway.
    TableKit.configure({ table: { resizable: false } }),
    Mathematics.configure({
      inlineOptions: {
        onClick: (node, pos) => callbacks.current.editMath({ latex: node.attrs.latex, display: false, pos }),
      },
      blockOptions: {
        onClick: (node, pos) => callbacks.current.editMath({ latex: node.attrs.latex, display: true, pos }),
      },
      katexOptions: { throwOnError: true },
    }),
    Video,
    Embed,
    shortcuts(callbacks),
  ];
}
