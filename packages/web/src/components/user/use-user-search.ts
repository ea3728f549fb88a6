import type { UserNodeJson } from "@zhishu/shared";
import { useEffect, useRef, useState } from "react";
import { USER_SEARCH_DEBOUNCE_MS, USER_SEARCH_LIMIT, userApi } from "../../entities/user/api";

export interface UserSearchState {
  results: UserNodeJson[];
  searching: boolean;
  failed: boolean;
}

/**
 * Users found for `text`, asked 300 ms after the last change (people-spec 9); an empty text clears the
 * results at once. An answer to an older text never replaces a newer one.
 */
export function useUserSearch(text: string, limit = USER_SEARCH_LIMIT): UserSearchState {
  const [state, setState] = useState<UserSearchState>({ results: [], searching: false, failed: false });
  const asked = useRef(0);

  useEffect(() => {
    const ticket = ++asked.current;
    const q = text.trim();
    if (!q) {
      setState({ results: [], searching: false, failed: false });
      return;
    }
    setState((s) => ({ ...s, searching: true, failed: false }));
    const timer = setTimeout(() => {
      userApi
        .search(q, limit)
        .then((results) => {
          if (ticket === asked.current) setState({ results, searching: false, failed: false });
        })
        .catch((error) => {
          console.error(error);
          if (ticket === asked.current) setState({ results: [], searching: false, failed: true });
        });
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, limit]);

  return state;
}
