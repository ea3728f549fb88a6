import {
  blockListSchema,
  createGroupBody,
  friendRequestBody,
  friendRequestResponseSchema,
  groupResponseSchema,
  MESSAGES,
  noInputSchema,
  userActionResponseSchema,
  userIdBody,
  userNodeSchema,
  userRelationsPageSchema,
  userRelationsQuery,
  virtualNodeQuery,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { block, blockedBy, follow, unblock, unfollow } from "../services/social/follows";
import { sendFriendRequest, unfriend } from "../services/social/friend-requests";
import { createGroup, joinGroup, leaveGroup } from "../services/social/groups";
import { userNode } from "../services/social/people";
import { relatedUsers } from "../services/social/relations";
import { idParams } from "./params";

/** People (people-spec 7 /user/*): virtual USER nodes, their lists, friend requests, groups, follows, blocks. */
export const socialRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/user/virtual-node/",
    { schema: { querystring: virtualNodeQuery, response: { 200: userNodeSchema } } },
    async (request) => userNode(ctx.db, requireUser(request), request.query.user_id),
  );

  app.get(
    "/api/user/virtual-node/current/",
    { schema: { querystring: noInputSchema, response: { 200: userNodeSchema } } },
    async (request) => {
      const me = requireUser(request);
      return userNode(ctx.db, me, me);
    },
  );

  app.get(
    "/api/user/virtual-node/relations/",
    { schema: { querystring: userRelationsQuery, response: { 200: userRelationsPageSchema } } },
    async (request) => relatedUsers(ctx.db, requireUser(request), request.query),
  );

  app.post(
    "/api/user/friend/request/",
    { schema: { body: friendRequestBody, response: { 201: friendRequestResponseSchema } } },
    async (request, reply) => {
      const sent = await sendFriendRequest(ctx.db, requireUser(request), request.body);
      reply.code(201);
      return {
        success: true,
        message: MESSAGES.friendRequestSent,
        process_id: sent.processId,
        request: sent.content,
      };
    },
  );

  app.post(
    "/api/user/friend/remove/",
    { schema: { body: userIdBody, response: { 200: userActionResponseSchema } } },
    async (request) => {
      const me = requireUser(request);
      await unfriend(ctx.db, me, request.body.user_id);
      return {
        success: true,
        message: MESSAGES.friendRemoved,
        user: await userNode(ctx.db, me, request.body.user_id),
      };
    },
  );

  app.post(
    "/api/user/group/",
    { schema: { body: createGroupBody, response: { 201: groupResponseSchema } } },
    async (request, reply) => {
      const group = await createGroup(ctx.db, requireUser(request), request.body);
      reply.code(201);
      return { success: true, message: MESSAGES.groupCreated, group };
    },
  );

  app.post(
    "/api/user/group/:id/join/",
    { schema: { params: idParams, response: { 200: userActionResponseSchema } } },
    async (request) => ({
      success: true,
      message: MESSAGES.groupJoined,
      user: await joinGroup(ctx.db, requireUser(request), request.params.id),
    }),
  );

  app.post(
    "/api/user/group/:id/leave/",
    { schema: { params: idParams, response: { 200: userActionResponseSchema } } },
    async (request) => ({
      success: true,
      message: MESSAGES.groupLeft,
      user: await leaveGroup(ctx.db, requireUser(request), request.params.id),
    }),
  );

  const toggles = [
    ["follow", follow, MESSAGES.followed],
    ["unfollow", unfollow, MESSAGES.unfollowed],
    ["block", block, MESSAGES.blocked],
    ["unblock", unblock, MESSAGES.unblocked],
  ] as const;
  for (const [path, run, message] of toggles) {
    app.post(
      `/api/user/${path}/`,
      { schema: { body: userIdBody, response: { 200: userActionResponseSchema } } },
      async (request) => ({
        success: true,
        message,
        user: await run(ctx.db, requireUser(request), request.body.user_id),
      }),
    );
  }

  app.get(
    "/api/user/blocks/",
    { schema: { querystring: noInputSchema, response: { 200: blockListSchema } } },
    async (request) => ({ results: await blockedBy(ctx.db, requireUser(request)) }),
  );
};
