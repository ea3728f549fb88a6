import { Spin } from "antd";
import { type ComponentType, lazy, Suspense } from "react";
import { zh } from "../i18n/zh-CN";

/**
 * A page whose code loads when it is first shown (issue 18 point 4: the first download carries the
 * shell, home and the login form; the outliner, the dialogues, /xingwei's charts and the rest follow
 * their routes). Until it arrives the tab shows a spinner.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Spin className="page-loading" tip={zh.pages.loading} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

export const NodePage = lazyPage(() => import("../features/outliner/NodePage").then((m) => m.NodePage));
export const DialogueOrNode = lazyPage(() =>
  import("../features/dialogues/DialogueOrNode").then((m) => m.DialogueOrNode),
);
export const DialoguePage = lazyPage(() =>
  import("../features/dialogues/DialoguePage").then((m) => m.DialoguePage),
);
export const XiaoxiPage = lazyPage(() =>
  import("../features/dialogues/XiaoxiPage").then((m) => m.XiaoxiPage),
);
export const MessagesPage = lazyPage(() =>
  import("../features/dialogues/MessagesPage").then((m) => m.MessagesPage),
);
export const FriendsPage = lazyPage(() =>
  import("../features/people/FriendsPage").then((m) => m.FriendsPage),
);
export const UserProfilePage = lazyPage(() =>
  import("../features/profile/UserProfilePage").then((m) => m.UserProfilePage),
);
export const PublicKnowledgePage = lazyPage(() =>
  import("../features/knowledge/PublicKnowledgePage").then((m) => m.PublicKnowledgePage),
);
export const TrashPage = lazyPage(() => import("../features/trash/TrashPage").then((m) => m.TrashPage));
export const XingweiPage = lazyPage(() =>
  import("../features/xingwei/XingweiPage").then((m) => m.XingweiPage),
);
