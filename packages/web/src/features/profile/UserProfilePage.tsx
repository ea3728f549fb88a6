import type { UserJson } from "@zhishu/shared";
import { Alert, Skeleton, Tabs } from "antd";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { ApiError, api } from "../../api/client";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { TreeList } from "./TreeList";
import { UserCard } from "./UserCard";

/**
 * /user/{id} (people-spec 2): the user card and the user's published trees; on one's own profile also
 * the trees one shares and the trees shared with one.
 */
export function UserProfilePage() {
  const userId = Number(useParams().userId);
  const me = useAuth((s) => s.user);
  const [user, setUser] = useState<UserJson | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setUser(null);
    setError(null);
    api
      .get<UserJson>(`/user/${userId}`)
      .then((response) => current && setUser(response))
      .catch((failure) => {
        console.error(failure);
        if (current) setError(failure instanceof ApiError ? failure.message : zh.profile.loadFailed);
      });
    return () => {
      current = false;
    };
  }, [userId]);

  if (error) return <Alert type="error" showIcon title={zh.profile.loadFailed} description={error} />;
  if (!user) return <Skeleton avatar active />;
  const own = me?.id === user.id;
  const lists: { key: "public" | "shared" | "received"; label: string }[] = [
    { key: "public", label: zh.profile.publicTrees },
    ...(own
      ? [
          { key: "shared" as const, label: zh.profile.sharedTrees },
          { key: "received" as const, label: zh.profile.receivedTrees },
        ]
      : []),
  ];
  return (
    <section>
      {!own && (
        <Alert type="info" showIcon title={zh.profile.viewing(user.username)} style={{ marginBottom: 16 }} />
      )}
      <UserCard
        user={{
          id: user.id,
          name: user.username,
          description: user.content.description,
          avatarUrl: user.content.avatar_url,
        }}
      />
      <Tabs
        style={{ marginTop: 24 }}
        items={lists.map((list) => ({
          key: list.key,
          label: list.label,
          children: <TreeList userId={user.id} type={list.key} />,
        }))}
      />
    </section>
  );
}
