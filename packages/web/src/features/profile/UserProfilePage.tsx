import { Alert, Skeleton, Tabs } from "antd";
import { useParams } from "react-router";
import { messageOf } from "../../api/messages";
import { UserCard } from "../../components/user/UserCard";
import { useUserNode } from "../../entities/user/queries";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { TreeList } from "./TreeList";

/**
 * /user/{id} (people-spec 2): the user card (with its type, counts and actions) and the user's
 * published trees; on one's own profile also the trees one shares and the trees shared with one.
 */
export function UserProfilePage() {
  const userId = Number(useParams().userId);
  const me = useAuth((s) => s.user);
  const { data: user, error, isError } = useUserNode(userId);

  if (isError)
    return <Alert type="error" showIcon title={zh.people.openProfileFailed} description={messageOf(error)} />;
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
        <Alert type="info" showIcon title={zh.profile.viewing(user.name)} style={{ marginBottom: 16 }} />
      )}
      <UserCard user={user} size="large" />
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
