import { FolderOutlined, PlusOutlined, StarOutlined } from "@ant-design/icons";
import { Alert, App, Button, Empty, Flex, Skeleton, Typography } from "antd";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Dnode } from "../../entities/dnode/types";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { NodeCard } from "../cards/NodeCard";
import { reorder } from "./card-order";
import { addToHome, loadHomeCards, moveCard, plantTree, removeCard } from "./home-api";
import { PlantTreeModal } from "./PlantTreeModal";
import { SharedWithMe } from "./SharedWithMe";
import { useFlip } from "./use-flip";
import "./home.css";

/**
 * Home signed in (people-spec 2): three round buttons — plant a tree, my root node, my favourites — the
 * cards of the user's trees, reorderable by drag, and below them the trees others share (分享给我的).
 */
export function Home() {
  const rootId = useAuth((s) => s.user?.content.user_root_node_id ?? null);
  const userId = useAuth((s) => s.user?.id);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [cards, setCards] = useState<Dnode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [planting, setPlanting] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const grid = useFlip<HTMLUListElement>(cards?.map((c) => c.id).join(","));

  const reload = useCallback(async () => {
    if (rootId === null) return;
    try {
      setCards((await loadHomeCards(rootId)).cards);
      setFailed(false);
    } catch (error) {
      console.error(error);
      setFailed(true);
    }
  }, [rootId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (rootId === null) return <Alert type="error" showIcon title={zh.home.noRoot} />;

  const drop = async (targetId: number | null) => {
    const from = dragged;
    setDragged(null);
    if (from === null || !cards) return;
    const moved = reorder(cards, from, targetId);
    if (!moved) return;
    setCards(moved.cards);
    try {
      await moveCard(rootId, from, moved.beforeId);
      message.success(zh.home.sortSaved);
    } catch (error) {
      console.error(error);
      message.error(zh.home.sortFailed);
      await reload();
    }
  };

  const remove = async (node: Dnode) => {
    try {
      await removeCard(rootId, node.id);
      setCards((current) => current?.filter((c) => c.id !== node.id) ?? null);
      // Only the card goes; the tree stays under 我的根节点, and 撤销 brings the card back.
      const key = `card-removed-${node.id}`;
      message.open({
        key,
        type: "success",
        duration: 10,
        content: (
          <Flex gap={4} align="center">
            <span>{zh.home.removed}</span>
            <Button
              type="link"
              size="small"
              onClick={() => {
                message.destroy(key);
                void addToHome(rootId, node.id).then(reload, () => message.error(zh.home.addToHomeFailed));
              }}
            >
              {zh.trash.undo}
            </Button>
          </Flex>
        ),
      });
    } catch (error) {
      console.error(error);
      message.error(zh.home.removeFailed);
    }
  };

  return (
    <section>
      <Flex gap={32} justify="center" className="home-actions">
        <RoundButton icon={<PlusOutlined />} label={zh.home.plant} onClick={() => setPlanting(true)} />
        <RoundButton
          icon={<FolderOutlined />}
          label={zh.home.myRoot}
          onClick={() => navigate(`/data/${rootId}`)}
        />
        <RoundButton
          icon={<StarOutlined />}
          label={zh.home.favourites}
          onClick={() => navigate(`/data/${rootId}/FAVOR`)}
        />
      </Flex>
      <Typography.Title level={3}>{zh.home.myTrees}</Typography.Title>
      {failed && <Alert type="error" showIcon title={zh.home.loadFailed} />}
      {!failed && cards === null && <Skeleton active />}
      {cards?.length === 0 && <Empty description={zh.home.empty} />}
      {cards && cards.length > 0 && (
        <ul
          ref={grid}
          aria-label={zh.home.myTrees}
          className="home-grid"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            if (event.target === event.currentTarget) void drop(null);
          }}
        >
          {cards.map((node) => (
            <li
              key={node.id}
              data-flip-id={node.id}
              data-testid={`home-card-${node.id}`}
              className={dragged === node.id ? "home-card dragging" : "home-card"}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(node.id));
                setDragged(node.id);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                event.stopPropagation();
                void drop(node.id);
              }}
            >
              <HomeCard node={node} onRemove={remove} />
            </li>
          ))}
        </ul>
      )}
      {/* After the person's own trees have loaded: theirs come first, on screen and on the wire. */}
      {cards && userId !== undefined && <SharedWithMe userId={userId} />}
      <PlantTreeModal
        open={planting}
        onCancel={() => setPlanting(false)}
        onPlant={async (input) => {
          try {
            const { dnode } = await plantTree(rootId, input);
            setCards((current) => [...(current ?? []), dnode]);
            setPlanting(false);
            message.success(zh.home.planted(dnode.name));
          } catch (error) {
            console.error(error);
            message.error(zh.home.plantFailed);
          }
        }}
      />
    </section>
  );
}

function RoundButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <Flex vertical align="center" gap={8}>
      <Button
        shape="circle"
        type="primary"
        size="large"
        className="home-round"
        icon={icon}
        aria-label={label}
        onClick={onClick}
      />
      <Typography.Text>{label}</Typography.Text>
    </Flex>
  );
}

/** A home card; taking it off home removes the card only (the tree stays under 我的根节点). */
function HomeCard({ node, onRemove }: { node: Dnode; onRemove: (node: Dnode) => void }) {
  return <NodeCard node={node} onDelete={() => onRemove(node)} />;
}
