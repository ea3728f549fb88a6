import { App } from "antd";
import { useEffect } from "react";
import { browser } from "../../app/browser";
import { zh } from "../../i18n/zh-CN";
import { useAuth } from "../../stores/auth";
import { applyUpdate, checkVersion, postponeUpdate } from "./version-check";

/** On start, offers 应用更新 when the server's version differs from the stored one and was not put off. */
export function VersionPrompt(): null {
  const { modal } = App.useApp();
  const logout = useAuth((s) => s.logout);
  useEffect(() => {
    let cancelled = false;
    void checkVersion().then((remote) => {
      if (!remote || cancelled) return;
      modal.confirm({
        title: zh.version.title,
        content: zh.version.content(remote.version),
        okText: zh.version.ok,
        cancelText: zh.version.cancel,
        onCancel: () => postponeUpdate(remote),
        onOk: () => {
          if (applyUpdate(remote).logout) void logout();
          else browser.reload();
        },
      });
    });
    return () => {
      cancelled = true;
    };
  }, [modal, logout]);
  return null;
}
