import { App as AntApp, ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import type { ReactNode } from "react";

/**
 * Ant Design in Chinese. autoInsertSpace is off so buttons read 登录, not 登 录, exactly as the spec
 * writes them (and as screen readers and tests find them).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: "#389e0d" } }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
