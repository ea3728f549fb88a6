import { App, Radio } from "antd";
import { useCallback } from "react";
import { ApiError, api } from "../../api/client";
import { zh } from "../../i18n/zh-CN";

export type AuthLevel = "read" | "write" | "admin";

/** The server's reason when it gave one, else the spec's fallback text. */
const reason = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 && error.code !== "UNKNOWN" ? error.message : fallback;

/**
 * The authorization flow of workspace-spec 6 / people-spec 2: before a node is given to someone (a chat
 * drop, a delegation), check their access; when they lack it and the caller may grant, offer the
 * 授权访问 dialog; when neither, say so. Resolves true when the person can then open the node. `grant`
 * replaces the default grant (a tree grant, POST /anchor-auth/manage/) where a screen keeps its own.
 */
export function useAuthorize() {
  const { message, modal } = App.useApp();
  return useCallback(
    async (
      nodeId: number | null | undefined,
      target: { id: number; name: string } | null | undefined,
      level: AuthLevel = "read",
      grant?: (level: AuthLevel) => Promise<unknown>,
    ) => {
      if (!nodeId || !target) {
        message.error(zh.sharing.missingParams);
        return false;
      }
      let check: { has_permission: boolean; can_grant: boolean };
      try {
        check = await api.get("/anchor-auth/check-permission/", {
          node_id: nodeId,
          target_user_id: target.id,
          auth_type: level,
        });
      } catch (error) {
        console.error(error);
        message.error(reason(error, zh.sharing.checkFailed));
        return false;
      }
      if (check.has_permission) return true;
      if (!check.can_grant) {
        message.error(zh.sharing.cannotGrant(target.name));
        return false;
      }
      let chosen: AuthLevel = level;
      return new Promise<boolean>((resolve) => {
        modal.confirm({
          title: zh.sharing.dialogTitle,
          okText: zh.sharing.grant,
          cancelText: zh.sharing.cancel,
          content: (
            <div>
              <p>{zh.sharing.dialogHeader(target.name)}</p>
              <Radio.Group
                defaultValue={level}
                onChange={(event) => {
                  chosen = event.target.value;
                }}
                options={(["read", "write", "admin"] as const).map((value) => ({
                  value,
                  label: zh.sharing.levels[value],
                }))}
              />
            </div>
          ),
          onOk: async () => {
            try {
              if (grant) await grant(chosen);
              else
                await api.post("/anchor-auth/manage/", {
                  dnode_id: nodeId,
                  user_id: target.id,
                  auth_type: chosen,
                });
              message.success(zh.sharing.granted);
              resolve(true);
            } catch (error) {
              console.error(error);
              message.error(reason(error, zh.sharing.grantFailed));
              resolve(false);
            }
          },
          onCancel: () => resolve(false),
        });
      });
    },
    [message, modal],
  );
}
