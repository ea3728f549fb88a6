import { Layout, Menu } from "antd";
import { useEffect } from "react";
import { Link, Outlet, type RouteObject, useLocation } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { NodeSearchBox } from "../search/NodeSearchBox";
import { documentTitle, routeTitle } from "../tabs/tab-titles";
import { Workspace } from "../tabs/Workspace";
import { UserMenu } from "./UserMenu";

const NAV = [
  { key: "/", label: zh.nav.myKnowledge },
  { key: "/messages", label: zh.nav.myMessages },
  { key: "/wenai", label: zh.nav.askAi },
  { key: "/myai", label: zh.nav.myAi },
  { key: "/public-knowledge", label: zh.nav.publicKnowledge },
];

/** Header with navigation and the user menu (signed in), the page, and the footer (people-spec 2). */
export function AppShell({ pages = [] }: { pages?: RouteObject[] }) {
  const loggedIn = useAuth((s) => s.loggedIn);
  const { pathname } = useLocation();
  const selected =
    NAV.find((item) => item.key !== "/" && pathname.startsWith(item.key))?.key ??
    (pathname === "/" ? "/" : "");
  // Signed in, the workspace titles the window after the active tab; signed out, after the page.
  useEffect(() => {
    if (!loggedIn) document.title = documentTitle(pathname === "/" ? zh.auth.login : routeTitle(pathname));
  }, [loggedIn, pathname]);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header
        style={{
          display: "flex",
          alignItems: "center",
          gap: 24,
          background: "#fff",
          borderBottom: "1px solid #f0f0f0",
        }}
      >
        <Link to="/" style={{ fontSize: 20, fontWeight: 600, color: "#237804", whiteSpace: "nowrap" }}>
          {zh.appName}
        </Link>
        {loggedIn && (
          <>
            <Menu
              mode="horizontal"
              selectedKeys={[selected]}
              style={{ flex: 1, minWidth: 0, borderBottom: "none" }}
              items={NAV.map((item) => ({ key: item.key, label: <Link to={item.key}>{item.label}</Link> }))}
            />
            <NodeSearchBox />
            <UserMenu />
          </>
        )}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        {loggedIn ? (
          <Workspace pages={pages}>
            <Outlet />
          </Workspace>
        ) : (
          <Outlet />
        )}
      </Layout.Content>
      <Layout.Footer style={{ textAlign: "center", color: "#595959" }}>{zh.footer}</Layout.Footer>
    </Layout>
  );
}
