import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import type { ReactNode } from "react";

// Colours with at least 4.5:1 contrast on white and on the page's #f5f5f5 (WCAG AA): antd's defaults
// for the brand green, links and secondary text fall short of it.
const THEME = {
  colorPrimary: "#237804",
  colorLink: "#0958d9",
  colorTextTertiary: "rgba(0, 0, 0, 0.62)",
  colorTextDescription: "rgba(0, 0, 0, 0.62)",
};

/**
 * Ant Design in Chinese. autoInsertSpace is off so buttons read 登录, not 登 录, exactly as the spec
 * writes them (and as screen readers and tests find them).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: THEME }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
