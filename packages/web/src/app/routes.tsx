import type { RouteObject } from "react-router";
import { SendMessageProvider } from "../features/dialogues/SendMessageProvider";
import {
  AboutPage,
  HomePage,
  NotFoundPage,
  ParamPage,
  RequireLogin,
  TitledPage,
} from "../features/pages/Pages";
import { AppShell } from "../features/shell/AppShell";
import { zh } from "../i18n/zh-CN";
import {
  DialogueOrNode,
  DialoguePage,
  FriendsPage,
  MessagesPage,
  NodePage,
  PublicKnowledgePage,
  TrashPage,
  UserProfilePage,
  XiaoxiPage,
  XingweiPage,
} from "./lazy-pages";

const p = zh.pages;

/** Every route of both specs (workspace-spec 2, people-spec 2); features fill them in their issues. */
export const pageRoutes: RouteObject[] = [
  { path: "/", element: <HomePage /> },
  // A dialogue node shows the dialogue view, its RESOURCE page the dialogue's resources (people-spec 2).
  { path: "/data/:id", element: <DialogueOrNode fallback={<NodePage />} /> },
  { path: "/data/:id/:relationName", element: <DialogueOrNode fallback={<NodePage />} /> },
  {
    path: "/user/:userId",
    element: (
      <RequireLogin>
        <UserProfilePage />
      </RequireLogin>
    ),
  },
  { path: "/ask", element: <TitledPage title={p.ask} /> },
  {
    path: "/dialogue/:id",
    element: (
      <RequireLogin>
        <DialoguePage />
      </RequireLogin>
    ),
  },
  {
    path: "/xiaoxi",
    element: (
      <RequireLogin>
        <XiaoxiPage />
      </RequireLogin>
    ),
  },
  { path: "/myai", element: <TitledPage title={p.myai} /> },
  {
    path: "/public-knowledge",
    element: (
      <RequireLogin>
        <PublicKnowledgePage />
      </RequireLogin>
    ),
  },
  {
    path: "/wenai",
    element: (
      <RequireLogin>
        <TitledPage title={p.wenai} />
      </RequireLogin>
    ),
  },
  {
    path: "/messages",
    element: (
      <RequireLogin>
        <MessagesPage />
      </RequireLogin>
    ),
  },
  {
    path: "/friends",
    element: (
      <RequireLogin>
        <FriendsPage />
      </RequireLogin>
    ),
  },
  {
    path: "/xingwei",
    element: (
      <RequireLogin>
        <XingweiPage />
      </RequireLogin>
    ),
  },
  {
    path: "/trash",
    element: (
      <RequireLogin>
        <TrashPage />
      </RequireLogin>
    ),
  },
  { path: "/tagset/:id", element: <ParamPage title={(x) => p.tagset(x.id)} /> },
  { path: "/about", element: <AboutPage /> },
  { path: "/damen", element: <TitledPage title={p.damen} /> },
  { path: "/testwebsocket", element: <TitledPage title={p.testWebsocket} /> },
  { path: "/image/upload", element: <TitledPage title={p.imageUpload} /> },
  { path: "/empty", element: <TitledPage title={p.empty} /> },
  ...[
    "/test",
    "/test-dnode-card",
    "/test-math-richtext",
    "/tests",
    "/test-mathjax-only",
    "/test-local-mathjax",
    "/test-custom-math-plugin",
    "/test-formula-input",
  ].map((path) => ({ path, element: <TitledPage title={`${p.test} ${path}`} /> })),
  { path: "*", element: <NotFoundPage /> },
];

/** The shell around every page; the side panel renders the same page routes at its own URL. */
export const routes: RouteObject[] = [
  {
    element: (
      <SendMessageProvider>
        <AppShell pages={pageRoutes} />
      </SendMessageProvider>
    ),
    children: pageRoutes,
  },
];
