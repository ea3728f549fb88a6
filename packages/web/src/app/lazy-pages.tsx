import { Spin } from "antd";
import { lazy, type ReactNode, Suspense } from "react";
import { zh } from "../i18n/zh-CN";

/*
 * Pages whose code loads when they are first shown (issue 18 point 4: the first download carries the
 * shell, home and the login form; the outliner, the dialogues, /xingwei's charts and the rest follow
 * their routes). Until a page arrives its tab shows a spinner.
 */

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin className="page-loading" tip={zh.pages.loading} />}>{children}</Suspense>;
}

const LazyNodePage = lazy(() =>
  import("../features/outliner/NodePage").then((m) => ({ default: m.NodePage })),
);
const LazyDialogueOrNode = lazy(() =>
  import("../features/dialogues/DialogueOrNode").then((m) => ({ default: m.DialogueOrNode })),
);
const LazyDialoguePage = lazy(() =>
  import("../features/dialogues/DialoguePage").then((m) => ({ default: m.DialoguePage })),
);
const LazyXiaoxiPage = lazy(() =>
  import("../features/dialogues/XiaoxiPage").then((m) => ({ default: m.XiaoxiPage })),
);
const LazyMessagesPage = lazy(() =>
  import("../features/dialogues/MessagesPage").then((m) => ({ default: m.MessagesPage })),
);
const LazyFriendsPage = lazy(() =>
  import("../features/people/FriendsPage").then((m) => ({ default: m.FriendsPage })),
);
const LazyUserProfilePage = lazy(() =>
  import("../features/profile/UserProfilePage").then((m) => ({ default: m.UserProfilePage })),
);
const LazyPublicKnowledgePage = lazy(() =>
  import("../features/knowledge/PublicKnowledgePage").then((m) => ({ default: m.PublicKnowledgePage })),
);
const LazyTrashPage = lazy(() =>
  import("../features/trash/TrashPage").then((m) => ({ default: m.TrashPage })),
);
const LazyXingweiPage = lazy(() =>
  import("../features/xingwei/XingweiPage").then((m) => ({ default: m.XingweiPage })),
);

export const NodePage = () => (
  <Loading>
    <LazyNodePage />
  </Loading>
);
export const DialogueOrNode = ({ fallback }: { fallback: ReactNode }) => (
  <Loading>
    <LazyDialogueOrNode fallback={fallback} />
  </Loading>
);
export const DialoguePage = () => (
  <Loading>
    <LazyDialoguePage />
  </Loading>
);
export const XiaoxiPage = () => (
  <Loading>
    <LazyXiaoxiPage />
  </Loading>
);
export const MessagesPage = () => (
  <Loading>
    <LazyMessagesPage />
  </Loading>
);
export const FriendsPage = () => (
  <Loading>
    <LazyFriendsPage />
  </Loading>
);
export const UserProfilePage = () => (
  <Loading>
    <LazyUserProfilePage />
  </Loading>
);
export const PublicKnowledgePage = () => (
  <Loading>
    <LazyPublicKnowledgePage />
  </Loading>
);
export const TrashPage = () => (
  <Loading>
    <LazyTrashPage />
  </Loading>
);
export const XingweiPage = () => (
  <Loading>
    <LazyXingweiPage />
  </Loading>
);
