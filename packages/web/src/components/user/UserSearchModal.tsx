import type { UserNodeJson } from "@zhishu/shared";
import { Alert, App, Empty, Input, Modal, Spin, Tag, Typography } from "antd";
import { useState } from "react";
import { USER_SEARCH_LIMIT } from "../../entities/user/api";
import { zh } from "../../i18n/zh-CN";
import { UserActions } from "./UserActions";
import { UserSummary } from "./UserSummary";
import { useUserSearch } from "./use-user-search";
import "./user.css";

const t = zh.people;

export interface UserSearchModalProps {
  open: boolean;
  title?: string;
  /** Several users may be chosen (default: one). */
  multiple?: boolean;
  /** Users already there: shown with 已存在, cannot be chosen. */
  excludeIds?: number[];
  /** How many users one search asks for: 20 in this modal, 10 in the dialogue creator (people-spec 9). */
  limit?: number;
  onOk: (users: UserNodeJson[]) => void;
  onCancel: () => void;
}

/**
 * The user search modal of people-spec 2 and 5, reusable (the dialogue creator takes it too): search by
 * name, pinyin or initials; single-select by default, multi-select optional; an empty query clears the
 * results; excluded users show 已存在 and cannot be chosen; OK with nobody chosen warns.
 */
export function UserSearchModal({
  open,
  title = t.searchUsers,
  multiple = false,
  excludeIds = [],
  limit = USER_SEARCH_LIMIT,
  onOk,
  onCancel,
}: UserSearchModalProps) {
  const { message } = App.useApp();
  const [text, setText] = useState("");
  // Kept by id across searches, so a multi-select can gather people from several queries.
  const [chosen, setChosen] = useState<Map<number, UserNodeJson>>(new Map());
  const { results, searching, failed } = useUserSearch(text, limit);

  const toggle = (user: UserNodeJson) => {
    setChosen((before) => {
      if (!multiple) return new Map([[user.id, user]]);
      const next = new Map(before);
      if (next.has(user.id)) next.delete(user.id);
      else next.set(user.id, user);
      return next;
    });
  };
  const confirm = () => {
    if (chosen.size === 0) {
      message.warning(t.chooseAtLeastOne);
      return;
    }
    onOk([...chosen.values()]);
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={t.ok}
      cancelText={t.cancel}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
      width={560}
    >
      <Input.Search
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        allowClear
        autoFocus
        loading={searching}
      />
      {multiple && chosen.size > 0 && (
        <Typography.Text type="secondary" role="status" style={{ display: "block", marginTop: 8 }}>
          {t.selectedCount(chosen.size)}
        </Typography.Text>
      )}
      {failed && <Alert type="error" showIcon title={t.searchFailed} style={{ marginTop: 12 }} />}
      {searching && results.length === 0 && <Spin style={{ display: "block", marginTop: 16 }} />}
      {!searching && !failed && text.trim() !== "" && results.length === 0 && (
        <Empty description={t.noUser} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {results.length > 0 && (
        <ul className="user-search-results" aria-label={t.resultsLabel}>
          {results.map((user) => {
            const excluded = excludeIds.includes(user.id);
            const inputId = `user-search-pick-${user.id}`;
            return (
              <li key={user.id} className={`user-search-row${excluded ? " user-search-row-disabled" : ""}`}>
                <label htmlFor={inputId}>
                  {/* Native inputs: antd's Radio and Checkbox bring a <label> of their own, and labels do not nest. */}
                  <input
                    id={inputId}
                    type={multiple ? "checkbox" : "radio"}
                    name="user-search-pick"
                    className="user-search-pick"
                    checked={chosen.has(user.id)}
                    disabled={excluded}
                    onChange={() => !excluded && toggle(user)}
                    aria-label={t.pickOne(user.name)}
                  />
                  <UserSummary user={user} nameAs="text" avatarSize={36} />
                  {excluded && <Tag color="default">{t.alreadyThere}</Tag>}
                </label>
                <UserActions user={user} />
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
