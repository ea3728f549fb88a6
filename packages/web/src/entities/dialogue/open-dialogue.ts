import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../stores/auth";
import { dialogueApi } from "./api";

/**
 * 发消息 (people-spec 2, issue 17 point 11): finds or makes the user-to-user dialogue with `userId`
 * (logic id UserChats_ + both ids sorted, the same dialogue every time) and opens it at /dialogue/{id}.
 * Rejects with the server's error (the caller says 开始对话失败).
 */
export function useOpenDialogueWith(): (userId: number) => Promise<number> {
  const navigate = useNavigate();
  const me = useAuth((s) => s.user?.id);
  return useCallback(
    async (userId: number) => {
      if (!me) throw new Error("not signed in");
      const dialogue = await dialogueApi.withUser(me, userId);
      void navigate(`/dialogue/${dialogue.id}`);
      return dialogue.id;
    },
    [me, navigate],
  );
}
