import type { UserJson } from "@zhishu/shared";
import { avatarColor, avatarInitial, CARD_AVATAR_COLORS } from "@zhishu/shared";
import { Avatar, Flex, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { NodeCard } from "../cards/NodeCard";

/** As many as a profile's list shows on one page (workspace-spec 9); the rest are on the profile. */
const SHOWN = 20;

interface Owner {
  name: string;
  avatarUrl?: string;
}

/**
 * 分享给我的 on home: the trees others share with the person (GET /api/user/public-anchors/ received),
 * as cards like their own with the owner's avatar, so a shared tree is found where one's own trees are.
 * Nothing shows while there are none.
 */
export function SharedWithMe({ userId }: { userId: number }) {
  const [trees, setTrees] = useState<{ results: Dnode[]; total: number } | null>(null);
  const owners = useOwners(trees?.results ?? []);

  useEffect(() => {
    let current = true;
    api
      .get<{ results?: Dnode[]; total?: number }>("/user/public-anchors/", {
        user_id: userId,
        type: "received",
        limit: SHOWN,
        offset: 0,
      })
      .then((answer) => {
        const results = Array.isArray(answer.results) ? answer.results : [];
        if (current) setTrees({ results, total: answer.total ?? results.length });
      })
      .catch((error) => console.error(error));
    return () => {
      current = false;
    };
  }, [userId]);

  if (!trees || trees.results.length === 0) return null;
  return (
    <section aria-label={zh.home.sharedWithMe} className="home-shared">
      <Typography.Title level={3}>{zh.home.sharedWithMe}</Typography.Title>
      <ul className="home-grid">
        {trees.results.map((node) => (
          <li key={node.id} className="home-shared-card">
            <NodeCard node={node} />
            <OwnerLine owner={owners[node.owner_id]} />
          </li>
        ))}
      </ul>
      {trees.total > trees.results.length && (
        <Link to={`/user/${userId}`}>{zh.home.allShared(trees.total)}</Link>
      )}
    </section>
  );
}

function OwnerLine({ owner }: { owner: Owner | undefined }) {
  if (!owner) return null;
  return (
    <Flex gap={6} align="center" className="home-shared-owner">
      <Avatar
        size={20}
        src={owner.avatarUrl || undefined}
        style={{ backgroundColor: avatarColor(owner.name, CARD_AVATAR_COLORS), fontSize: 12 }}
      >
        {avatarInitial(owner.name)}
      </Avatar>
      <Typography.Text type="secondary">{zh.home.sharedBy(owner.name)}</Typography.Text>
    </Flex>
  );
}

/** The owners of the listed trees, each asked once (a few people share most trees). */
function useOwners(trees: Dnode[]): Record<number, Owner> {
  const [owners, setOwners] = useState<Record<number, Owner>>({});
  const ids = [...new Set(trees.map((tree) => tree.owner_id))].sort().join(",");
  useEffect(() => {
    if (!ids) return;
    let current = true;
    for (const id of ids.split(",").map(Number)) {
      api
        .get<UserJson>(`/user/${id}`)
        .then(
          (user) =>
            current &&
            setOwners((known) => ({
              ...known,
              [id]: { name: user.username, avatarUrl: user.content.avatar_url },
            })),
        )
        .catch((error) => console.error(error));
    }
    return () => {
      current = false;
    };
  }, [ids]);
  return owners;
}
