import {
  BoldOutlined,
  CodeOutlined,
  FunctionOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  TableOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from "@ant-design/icons";
import { type Editor, useEditorState } from "@tiptap/react";
import { Button } from "antd";
import { type KeyboardEvent, type ReactNode, type RefObject, useState } from "react";
import { zh } from "../../i18n/zh-CN";

/** The toolbar actions that open a dialog or a file picker; the editor host owns those. */
export interface ToolbarActions {
  link: () => void;
  image: () => void;
  math: () => void;
  media: () => void;
}

interface Tool {
  key: string;
  label: string;
  icon?: ReactNode;
  text?: string;
  /** Set for toggles (bold, headings …): announced as pressed or not. */
  active?: boolean;
  disabled?: boolean;
  run: () => void;
}

const LEVELS = [1, 2, 3, 4] as const;
// Where a thin divider goes, after these tools.
const GROUP_ENDS = new Set(["redo", "h4", "italic", "media"]);

function activeState(editor: Editor) {
  return {
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
    headings: LEVELS.map((level) => editor.isActive("heading", { level })),
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    link: editor.isActive("link"),
    blockquote: editor.isActive("blockquote"),
    codeBlock: editor.isActive("codeBlock"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
  };
}

/**
 * The editor's toolbar (workspace-spec 2). One WAI-ARIA toolbar: a single Tab stop, arrows move
 * between tools, Escape returns to the text. Buttons never take focus from the text on a click, so
 * the selection they act on stays put (and the editor does not autosave mid-edit).
 */
export function Toolbar({
  editor,
  actions,
  toolbarRef,
}: {
  editor: Editor;
  actions: ToolbarActions;
  toolbarRef: RefObject<HTMLDivElement | null>;
}) {
  const state = useEditorState({ editor, selector: ({ editor: current }) => activeState(current) });
  const [current, setCurrent] = useState(0);
  const chain = () => editor.chain().focus();
  const t = zh.richText;

  const tools: Tool[] = [
    {
      key: "undo",
      label: t.undo,
      icon: <UndoOutlined />,
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      key: "redo",
      label: t.redo,
      icon: <RedoOutlined />,
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
    ...LEVELS.map((level, index) => ({
      key: `h${level}`,
      label: t.heading(level),
      text: `H${level}`,
      active: state.headings[index],
      run: () => chain().toggleHeading({ level }).run(),
    })),
    {
      key: "bold",
      label: t.bold,
      icon: <BoldOutlined />,
      active: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      key: "italic",
      label: t.italic,
      icon: <ItalicOutlined />,
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    { key: "link", label: t.link, icon: <LinkOutlined />, active: state.link, run: actions.link },
    { key: "image", label: t.image, icon: <PictureOutlined />, run: actions.image },
    {
      key: "table",
      label: t.table,
      icon: <TableOutlined />,
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    {
      key: "blockquote",
      label: t.blockquote,
      text: "“”",
      active: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: "codeBlock",
      label: t.codeBlock,
      icon: <CodeOutlined />,
      active: state.codeBlock,
      run: () => chain().toggleCodeBlock().run(),
    },
    { key: "math", label: t.math, icon: <FunctionOutlined />, run: actions.math },
    { key: "media", label: t.media, icon: <VideoCameraOutlined />, run: actions.media },
    {
      key: "bulletList",
      label: t.bulletList,
      icon: <UnorderedListOutlined />,
      active: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "orderedList",
      label: t.orderedList,
      icon: <OrderedListOutlined />,
      active: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
  ];

  // The one Tab stop: the last tool used, or the first enabled one when that is disabled now.
  const tabStop =
    tools[current] && !tools[current].disabled ? current : tools.findIndex((tool) => !tool.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: 0, End: 0 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const buttons = Array.from(toolbarRef.current?.querySelectorAll("button") ?? []);
    const enabled = tools.flatMap((tool, index) => (tool.disabled ? [] : [index]));
    // Move from the button that has focus, which is where the person is, whatever state says.
    const at = Math.max(0, enabled.indexOf(buttons.indexOf(event.target as HTMLButtonElement)));
    const next =
      event.key === "Home"
        ? enabled[0]
        : event.key === "End"
          ? enabled[enabled.length - 1]
          : enabled[(at + step + enabled.length) % enabled.length];
    setCurrent(next);
    buttons[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={t.toolbar}
      className="rich-text-toolbar"
      ref={toolbarRef}
      onKeyDown={onKeyDown}
    >
      {tools.map((tool, index) => (
        <span key={tool.key} className="rich-text-tool">
          <Button
            type="text"
            size="small"
            icon={tool.icon}
            aria-label={tool.label}
            aria-pressed={tool.active}
            title={tool.label}
            disabled={tool.disabled}
            tabIndex={index === tabStop ? 0 : -1}
            className={tool.active ? "is-active" : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={tool.run}
          >
            {tool.text}
          </Button>
          {GROUP_ENDS.has(tool.key) && <span className="rich-text-toolbar-divider" aria-hidden />}
        </span>
      ))}
    </div>
  );
}
