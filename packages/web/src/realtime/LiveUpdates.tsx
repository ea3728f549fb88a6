import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "../stores/auth";
import { startLiveUpdates } from "./live-updates";

/** Runs this tab's live updates while someone is signed in (renders nothing). */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const userId = useAuth((s) => (s.loggedIn ? (s.user?.id ?? null) : null));
  useEffect(() => (userId === null ? undefined : startLiveUpdates(queryClient)), [queryClient, userId]);
  return null;
}
