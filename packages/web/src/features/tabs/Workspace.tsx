import { CloseOutlined, ExportOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Tabs, Tooltip } from "antd";
import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import { type RouteObject, useLocation, useNavigate, useRoutes } from "react-router";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { internalLinkOf } from "./link-interception";
import { Splitter } from "./Splitter";
import {
  canonicalUrl,
  closeMain,
  closeSider,
  opensInSider,
  openUrl,
  reorderMain,
  setSider,
  tabTitle,
  unsetSider,
} from "./tab-model";
import { useTabs } from "./tab-store";
import { documentTitle } from "./tab-titles";
import { useTabNames } from "./use-tab-names";
import "./workspace.css";

// antd names these controls in English ("remove") unless told; the names screen readers read are Chinese.
const TABS_LOCALE = {
  removeAriaLabel: zh.tabs.closeTab,
  addAriaLabel: zh.tabs.add,
  dropdownAriaLabel: zh.tabs.more,
};

/**
 * The tab workspace (workspace-spec 2): main tabs over the routed page, and a side panel with its own
 * tabs beside it. Every rule lives in tab-model; this file only wires it to the router and the DOM.
 */
export function Workspace({ pages, children }: { pages: RouteObject[]; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const userId = useAuth((s) => s.user?.id);
  const { tabs, apply, loadFor } = useTabs();
  const siderWidth = useTabs((s) => s.siderWidth);
  const url = location.pathname + location.search;
  const lastMainUrl = useRef<string | null>(null);

  useEffect(() => {
    if (userId !== undefined) void loadFor(userId);
  }, [userId, loadFor]);

  // Routing to a URL opens its tab and activates it; /ask paths go to the side panel instead.
  useEffect(() => {
    if (url !== canonicalUrl(url)) {
      navigate(canonicalUrl(url), { replace: true });
      return;
    }
    if (opensInSider(location.pathname)) {
      apply((s) => setSider(s, url));
      // Back to the main tab that was showing; after a fresh load, the last main tab (or home).
      navigate(lastMainUrl.current ?? useTabs.getState().tabs.orderedUrls.at(-1) ?? "/", { replace: true });
      return;
    }
    lastMainUrl.current = url;
    if (location.pathname !== "/") apply((s) => openUrl(s, url, "route").state);
  }, [url, location.pathname, apply, navigate]);

  useTabNames();
  const title = tabTitle(tabs.mainTabs[url], url);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  const openLink = (from: "main" | "sider") => (event: MouseEvent) => {
    const link = internalLinkOf(event.nativeEvent);
    if (!link) return;
    event.preventDefault();
    event.stopPropagation();
    const result = openUrl(useTabs.getState().tabs, link.url, from, link.name || null);
    apply(() => result.state);
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const close = (closing: string) => {
    const result = closeMain(useTabs.getState().tabs, closing, url);
    apply(() => result.state);
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const dragged = useRef<string | null>(null);
  const sider = tabs.currentSiderUrl;
  return (
    <div className="workspace">
      <div className="workspace-main">
        <Tabs
          type="editable-card"
          size="small"
          locale={TABS_LOCALE}
          activeKey={url}
          onChange={(key) => navigate(key)}
          addIcon={<PlusOutlined aria-label={zh.tabs.add} />}
          onEdit={(key, action) => (action === "add" ? navigate("/empty") : close(String(key)))}
          tabBarExtraContent={
            tabs.orderedUrls.includes(url) ? (
              <Tooltip title={zh.tabs.toSider}>
                <Button
                  size="small"
                  type="text"
                  icon={<ExportOutlined rotate={180} aria-hidden />}
                  aria-label={zh.tabs.toSider}
                  onClick={() => {
                    const moving = url;
                    const result = closeMain(useTabs.getState().tabs, moving, moving);
                    apply(() =>
                      setSider(
                        useTabs.getState().tabs,
                        moving,
                        useTabs.getState().tabs.mainTabs[moving]?.name,
                      ),
                    );
                    navigate(result.navigateTo ?? "/");
                  }}
                />
              </Tooltip>
            ) : null
          }
          items={tabs.orderedUrls.map((tabUrl) => ({
            key: tabUrl,
            closeIcon: <CloseOutlined aria-label={zh.tabs.close(tabTitle(tabs.mainTabs[tabUrl], tabUrl))} />,
            label: (
              // biome-ignore lint/a11y/noStaticElementInteractions: the tab itself (role="tab") is the control; this span only lets a pointer drag it to reorder
              <span
                draggable
                data-tab-url={tabUrl}
                onDragStart={() => {
                  dragged.current = tabUrl;
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={() => {
                  const from = dragged.current;
                  dragged.current = null;
                  if (from) apply((s) => reorderMain(s, from, tabUrl));
                }}
              >
                {tabTitle(tabs.mainTabs[tabUrl], tabUrl)}
              </span>
            ),
          }))}
        />
        <div className="workspace-page" onClickCapture={openLink("main")}>
          {children}
        </div>
      </div>
      {sider && (
        <>
          <Splitter />
          <aside className="workspace-sider" style={{ width: siderWidth }} aria-label={zh.tabs.sider}>
            <Tabs
              size="small"
              locale={TABS_LOCALE}
              activeKey={sider}
              onChange={(key) => apply((s) => setSider(s, key))}
              tabBarExtraContent={
                <span>
                  <Tooltip title={zh.tabs.toMain}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ExportOutlined aria-hidden />}
                      aria-label={zh.tabs.toMain}
                      onClick={() => {
                        const result = unsetSider(useTabs.getState().tabs, sider);
                        apply(() => result.state);
                        if (result.navigateTo) navigate(result.navigateTo);
                      }}
                    />
                  </Tooltip>
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={zh.tabs.closeSider}
                    onClick={() => apply((s) => closeSider(s, sider))}
                  />
                </span>
              }
              items={tabs.orderedSiderUrls.map((tabUrl) => ({
                key: tabUrl,
                label: tabTitle(tabs.siderTabs[tabUrl], tabUrl),
              }))}
            />
            <div className="workspace-page" onClickCapture={openLink("sider")}>
              <SiderPage pages={pages} url={sider} />
            </div>
          </aside>
        </>
      )}
    </div>
  );
}

/** The side panel renders its URL with the same routes as the main page, at its own location. */
function SiderPage({ pages, url }: { pages: RouteObject[]; url: string }) {
  const [pathname, search = ""] = url.split("?");
  return useRoutes(pages, { pathname, search: search ? `?${search}` : "" });
}
