import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { UserNodeJson } from "@zhishu/shared";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { Providers } from "../app/Providers";

/** A user's virtual node as the API sends it: a person with zero counts unless the test says otherwise. */
export function userNode(
  id: number,
  name: string,
  over: Partial<UserNodeJson["content"]> = {},
  relationship?: Partial<NonNullable<UserNodeJson["relationship"]>>,
): UserNodeJson {
  return {
    id,
    type: "USER",
    name,
    username: name,
    content: {
      user_id: id,
      user_type: "PERSON",
      stats: { friends_count: 0, groups_count: 0, followers_count: 0, following_count: 0 },
      ...over,
    },
    relationship: relationship && {
      is_friend: false,
      is_following: false,
      is_followed_by: false,
      is_member: false,
      blocked: false,
      blocked_by: false,
      pending_request_id: null,
      ...relationship,
    },
    created_at: "2026-11-28T00:00:00.000Z",
  };
}

/**
 * Renders inside the app's providers, a fresh query client and a router at `path`; `/user/:userId`
 * shows a marker, so a test can see that a link or action opened a profile.
 */
export function renderPeople(
  ui: ReactNode,
  { path = "/", route = "/" }: { path?: string; route?: string } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <Providers>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="/user/:userId" element={<p>用户资料页</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Providers>,
  );
}
