import { CloseOutlined } from "@ant-design/icons";
import type { UserNodeJson } from "@zhishu/shared";
import { Button, Select, Spin, Tag } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { UserAvatar } from "./UserAvatar";
import { useUserSearch } from "./use-user-search";

const t = zh.people;

interface Props {
  value: UserNodeJson | null;
  onChange: (user: UserNodeJson | null) => void;
  /** Users that cannot be chosen (shown with 已存在), by id … */
  excludeIds?: number[];
  /** … or by what the search says of them (add friend: those who are friends already). */
  isExcluded?: (user: UserNodeJson) => boolean;
  /** Users left out of the results altogether (the caller, where choosing oneself makes no sense). */
  hideIds?: number[];
  id?: string;
  status?: "error";
  autoFocus?: boolean;
}

/**
 * The user searcher of people-spec 2: an autocomplete by name, pinyin or initials; once a user is chosen
 * it shows a link to their profile (/user/{id}) and a control that clears the choice.
 */
export function UserSearcher({
  value,
  onChange,
  excludeIds = [],
  isExcluded = () => false,
  hideIds = [],
  id,
  status,
  autoFocus,
}: Props) {
  const [text, setText] = useState("");
  // After 清除选择 the search box comes back in its place, and the keyboard focus with it.
  const [refocus, setRefocus] = useState(false);
  const { results, searching, failed } = useUserSearch(text);

  if (value)
    return (
      <div className="user-chosen">
        <UserAvatar name={value.name} url={value.content.avatar_url} size={24} />
        <Link to={`/user/${value.id}`} aria-label={t.openProfile(value.name)} target="_blank">
          {value.name}
        </Link>
        <Tag>{t.userTypes[value.content.user_type]}</Tag>
        <Button
          size="small"
          type="text"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t.clearChoice}
          onClick={() => {
            setText("");
            setRefocus(true);
            onChange(null);
          }}
          style={{ marginLeft: "auto" }}
        />
      </div>
    );

  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      autoFocus={autoFocus || refocus}
      status={status}
      aria-label={t.searchLabel}
      placeholder={t.searchPlaceholder}
      style={{ width: "100%" }}
      value={undefined}
      notFoundContent={
        searching ? <Spin size="small" /> : failed ? t.searchFailed : text.trim() ? t.noUser : null
      }
      onChange={(userId) => onChange(results.find((u) => u.id === userId) ?? null)}
      options={results
        .filter((user) => !hideIds.includes(user.id))
        .map((user) => {
          const excluded = excludeIds.includes(user.id) || isExcluded(user);
          return {
            value: user.id,
            disabled: excluded,
            label: (
              <span className="user-option">
                {user.name}
                <span className="user-option-type">（{t.userTypes[user.content.user_type]}）</span>
                {excluded && <Tag style={{ marginLeft: 8 }}>{t.alreadyThere}</Tag>}
              </span>
            ),
          };
        })}
    />
  );
}
