import { type QueryClient, useQuery } from "@tanstack/react-query";
import { userApi } from "./api";

/** Query keys of people data: everything under ["user"] is invalidated after a social change. */
export const userKeys = {
  all: ["user"] as const,
  me: () => ["user", "me"] as const,
  node: (userId: number) => ["user", "node", userId] as const,
  relations: (userId: number, type: string, page: number) =>
    ["user", "relations", userId, type, page] as const,
  incoming: (myId: number) => ["user", "incoming", myId] as const,
  sent: (myId: number) => ["user", "sent", myId] as const,
};

export const useMyUserNode = (enabled = true) =>
  useQuery({ queryKey: userKeys.me(), queryFn: userApi.me, enabled });

export const useUserNode = (userId: number) =>
  useQuery({ queryKey: userKeys.node(userId), queryFn: () => userApi.node(userId), enabled: userId > 0 });

export const useRelations = (userId: number, type: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: userKeys.relations(userId, type, page),
    queryFn: () => userApi.relations(userId, type, page),
    enabled: enabled && userId > 0,
  });

export const useIncomingRequests = (myId: number | undefined) =>
  useQuery({
    queryKey: userKeys.incoming(myId ?? 0),
    queryFn: () => userApi.incomingRequests(myId ?? 0),
    enabled: myId !== undefined,
  });

export const useSentRequests = (myId: number | undefined) =>
  useQuery({
    queryKey: userKeys.sent(myId ?? 0),
    queryFn: () => userApi.sentRequests(myId ?? 0),
    enabled: myId !== undefined,
  });

/** After a friend request, an accept, a new group or a join: counts, lists and relationships change. */
export function refreshPeople(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: userKeys.all });
}
