import { Layout } from "antd";
import { useEffect } from "react";
import { Link, Outlet, type RouteObject, useLocation } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { NodeSearchBox } from "../search/NodeSearchBox";
import { documentTitle, routeTitle } from "../tabs/tab-titles";
import { Workspace } from "../tabs/Workspace";
import { HeaderNav } from "./HeaderNav";
import { UserMenu } from "./UserMenu";
import "./shell.css";

/** Header with navigation and the user menu (signed in), the page, and the footer (people-spec 2). */
export function AppShell({ pages = [] }: { pages?: RouteObject[] }) {
  const loggedIn = useAuth((s) => s.loggedIn);
  const { pathname } = useLocation();
  // Signed in, the workspace titles the window after the active tab; signed out, after the page.
  useEffect(() => {
    if (!loggedIn) document.title = documentTitle(pathname === "/" ? zh.auth.login : routeTitle(pathname));
  }, [loggedIn, pathname]);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header className="app-header">
        <Link to="/" style={{ fontSize: 20, fontWeight: 600, color: "#237804", whiteSpace: "nowrap" }}>
          {zh.appName}
        </Link>
        {loggedIn && (
          <>
            <HeaderNav pathname={pathname} />
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
