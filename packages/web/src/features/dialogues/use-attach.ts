import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback } from "react";
import { ApiError } from "../../api/client";
import { messageOf } from "../../api/messages";
import { useAuthorize } from "../../components/authorize/use-authorize";
import { dialogueApi, dialogueKeys } from "../../entities/dialogue/api";
import { zh } from "../../i18n/zh-CN";

const t = zh.dialogues;
/** The server's refusal when another participant cannot read the node (docs/API.md "Dialogues"). */
export const PARTICIPANT_NEEDS_ACCESS = "PARTICIPANT_NEEDS_ACCESS";

/**
 * Attaches a node to a dialogue as a resource (people-spec 2, 5). When the server refuses because
 * another participant cannot read it, the 授权访问 flow runs (check, offer the grant when the caller
 * may give it, else say why) and the attach is tried again after a grant. Resolves true when attached.
 */
export function useAttachResource(dialogueId: number) {
  const { message } = App.useApp();
  const authorize = useAuthorize();
  const queryClient = useQueryClient();
  return useCallback(
    async (nodeId: number): Promise<boolean> => {
      const attach = () => dialogueApi.add(dialogueId, "resource", nodeId);
      const done = (text: string) => {
        message.success(text || t.added);
        void queryClient.invalidateQueries({ queryKey: dialogueKeys.all });
        return true;
      };
      try {
        return done((await attach()).message);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === PARTICIPANT_NEEDS_ACCESS)) {
          console.error(error);
          message.error(messageOf(error, t.attachFailed));
          return false;
        }
        const target = { id: Number(error.details.user_id), name: error.details.user_name ?? "" };
        if (!(await authorize(nodeId, target, "read"))) return false;
        try {
          return done((await attach()).message);
        } catch (again) {
          console.error(again);
          message.error(messageOf(again, t.attachFailed));
          return false;
        }
      }
    },
    [dialogueId, message, authorize, queryClient],
  );
}
