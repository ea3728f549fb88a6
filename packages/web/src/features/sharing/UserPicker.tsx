import type { UserSearchResult } from "@zhishu/shared";
import { Select, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { api } from "../../api/client";
import { zh } from "../../i18n/zh-CN";

/** People-spec 9: the user search asks for 20 people, 300 ms after the last key. */
const SEARCH_LIMIT = 20;
const SEARCH_DEBOUNCE_MS = 300;

/** Picks one person by name (people-spec 2 "User searcher"); `excludeIds` cannot be picked. */
export function UserPicker({
  value,
  onChange,
  excludeIds = [],
}: {
  value: UserSearchResult | null;
  onChange: (user: UserSearchResult | null) => void;
  excludeIds?: number[];
}) {
  const [text, setText] = useState("");
  const [options, setOptions] = useState<UserSearchResult[]>([]);
  const [searching, setSearching] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    if (!text.trim()) {
      setOptions([]);
      return;
    }
    const ticket = ++asked.current;
    setSearching(true);
    const timer = setTimeout(() => {
      api
        .get<UserSearchResult[]>("/user/search/", { q: text.trim(), limit: SEARCH_LIMIT })
        .then((found) => ticket === asked.current && setOptions(found))
        .catch((error) => {
          console.error(error);
          if (ticket === asked.current) setOptions([]);
        })
        .finally(() => ticket === asked.current && setSearching(false));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      aria-label={zh.sharing.pickUser}
      placeholder={zh.sharing.pickUser}
      style={{ width: "100%" }}
      value={value?.id}
      notFoundContent={searching ? <Spin size="small" /> : text ? zh.sharing.noUser : null}
      onChange={(id?: number) => onChange(options.find((u) => u.id === id) ?? null)}
      options={options.map((user) => ({
        value: user.id,
        label: excludeIds.includes(user.id) ? `${user.name}（${zh.sharing.alreadyThere}）` : user.name,
        disabled: excludeIds.includes(user.id),
      }))}
    />
  );
}
