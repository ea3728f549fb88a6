import { NODE_TYPE_LABELS, type NodeType } from "@zhishu/shared";
import { App, AutoComplete, Input, Tag } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { nodeApi } from "../../entities/dnode/node-api";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { createQuickNote } from "./quick-notes";
import { readSearchInput, type SearchInput } from "./search-input";
import "./search.css";

/** People-spec 9: search as you type, 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What the dropdown tells a person Enter will do with what they typed. */
function hintFor(input: SearchInput): string {
  if (input.kind === "smartComplete") return zh.search.smartCompleteUnavailable;
  return input.text ? zh.search.createHint(input.text) : zh.search.placeholder;
}

/**
 * The header's search-and-create box (people-spec 5 "Node searcher"). What Enter creates is a quick
 * note, kept under the person's 快速笔记 node rather than added to home as a tree of its own.
 */
export function NodeSearchBox() {
  const navigate = useNavigate();
  const rootId = useAuth((s) => s.user?.content.user_root_node_id ?? null);
  const { message } = App.useApp();
  const [value, setValue] = useState("");
  const [results, setResults] = useState<Dnode[]>([]);
  const [creating, setCreating] = useState(false);
  const composing = useRef(false);
  const asked = useRef(0);
  const highlighted = useRef<string | null>(null);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    const input = readSearchInput(value);
    if (input.kind === "smartComplete" || input.text === "") {
      setResults([]);
      return;
    }
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      nodeApi
        .search({
          search: input.text,
          dnode_type: input.kind === "typed" ? input.type : undefined,
          limit: 10,
        })
        .then((found) => ticket === asked.current && setResults(found))
        .catch((error) => console.error(error));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const open = (id: number) => {
    setValue("");
    setResults([]);
    navigate(`/data/${id}`);
  };

  const create = async () => {
    const input = readSearchInput(value);
    if (input.kind === "smartComplete") {
      message.info(zh.search.smartCompleteUnavailable);
      return;
    }
    if (!input.text) return;
    setCreating(true);
    try {
      const body = await creationBody(input);
      const dnode =
        rootId === null ? (await nodeApi.create(body)).dnode : await createQuickNote(rootId, body);
      message.success(zh.search.created(input.text));
      open(dnode.id);
    } catch (error) {
      console.error(error);
      message.error(
        zh.search.createFailed(error instanceof ApiError ? error.message : zh.search.unknownError),
      );
    } finally {
      setCreating(false);
    }
  };

  return (
    <AutoComplete
      value={value}
      onChange={setValue}
      onSelect={(id: string) => open(Number(id))}
      options={results.map((node) => ({
        value: String(node.id),
        label: (
          <span>
            {node.type !== "NOTE" && <Tag>{NODE_TYPE_LABELS[node.type as NodeType] ?? node.type}</Tag>}
            {node.name || zh.card.untitled}
          </span>
        ),
      }))}
      open={focused}
      notFoundContent={<div className="search-hint">{hintFor(readSearchInput(value))}</div>}
      popupRender={(menu) =>
        results.length > 0 ? (
          <>
            {menu}
            <div className="search-hint search-hint-below">{hintFor(readSearchInput(value))}</div>
          </>
        ) : (
          menu
        )
      }
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onInputKeyDown={(event) => {
        if (event.key !== "Enter") return;
        // Enter that ends an input-method composition picks characters; it never creates a node.
        if (composing.current || event.nativeEvent.isComposing || event.keyCode === 229) return;
        // With a result highlighted, Enter opens it (the list handles that); else it creates.
        if (results.length > 0 && highlighted.current !== null) return;
        void create();
      }}
      onActive={(id: string | null) => {
        highlighted.current = id;
      }}
      className="search-box"
      popupMatchSelectWidth={400}
    >
      <Input.Search
        aria-label={zh.search.label}
        placeholder={zh.search.placeholder}
        loading={creating}
        enterButton={false}
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={() => {
          composing.current = false;
        }}
      />
    </AutoComplete>
  );
}

/** The create call for what the box holds: a type, a custom class instance, or a note with a label. */
async function creationBody(input: Exclude<SearchInput, { kind: "smartComplete" }>) {
  if (input.kind === "typed") return { type: input.type, name: input.text };
  if (input.kind === "tagged") {
    const cls = await nodeApi.classNode(input.tag).catch((error) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    return cls
      ? { type: "INSTANCE", name: input.text, content: { class_id: cls.id, custom_prefix: input.tag } }
      : { type: "NOTE", name: input.text, content: { custom_prefix: input.tag } };
  }
  return { type: "NOTE", name: input.text };
}
