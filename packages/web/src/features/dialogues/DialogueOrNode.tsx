import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useParams } from "react-router";
import { ApiError } from "../../api/client";
import { outlineApi } from "../../entities/dnode/api";
import { useAuth } from "../../stores/auth";
import { DialogueView } from "./DialogueView";
import { DialogueResources } from "./ResourcesPage";

/**
 * /data/{id} and /data/{id}/{relationName} (people-spec 2): a DIALOGUE node shows the dialogue view,
 * and its RESOURCE page the dialogue's reference material; every other node (and any other relation
 * of a dialogue) shows `fallback`, the node page. It reads the node page's own query (same key), so
 * deciding costs no second request.
 */
export function DialogueOrNode({ fallback }: { fallback: ReactNode }) {
  const { id = "", relationName } = useParams();
  const loggedIn = useAuth((s) => s.loggedIn);
  const nodeId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const query = useQuery({
    queryKey: ["dnode", nodeId],
    queryFn: () => outlineApi.node(nodeId),
    enabled: loggedIn && nodeId > 0,
    retry: (count, error) => error instanceof ApiError && error.status === 0 && count < 1,
  });
  if (query.data?.type !== "DIALOGUE") return fallback;
  if (!relationName) return <DialogueView key={nodeId} dialogueId={nodeId} />;
  if (relationName === "RESOURCE") return <DialogueResources key={nodeId} dialogueId={nodeId} />;
  return fallback;
}
