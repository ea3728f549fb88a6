import {
  anchorAuthBatchBody,
  anchorAuthBatchSchema,
  anchorAuthInfoSchema,
  anchorAuthQuery,
  checkPermissionQuery,
  checkPermissionResultSchema,
  dnodePermissionBody,
  dnodePermissionDeleteQuery,
  dnodePermissionPutBody,
  dnodePermissionQuery,
  manageGrantBody,
  manageGrantResultSchema,
  nodeListPageSchema,
  publicAnchorsQuery,
  publicKnowledgeQuery,
  publishBody,
  publishResultSchema,
  shareLookupSchema,
  sharePermissionSchema,
  successSchema,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { anchorAuthInfo, checkPermission, manageGrant, oneAnchorAuth } from "../services/access/grants";
import { publicKnowledge, publish, userAnchors } from "../services/access/publishing";
import { deleteShare, getShare, listShares, setShare } from "../services/access/shares";

/** Grants, per-node shares, publishing and the lists of shared trees (workspace-spec 6, 7). */
export const accessRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/anchor-auth/",
    { schema: { querystring: anchorAuthQuery, response: { 200: anchorAuthInfoSchema } } },
    async (request) => oneAnchorAuth(db, requireUser(request), request.query.anchor_id),
  );

  app.post(
    "/api/anchor-auth/batch/",
    { schema: { body: anchorAuthBatchBody, response: { 200: anchorAuthBatchSchema } } },
    async (request) => {
      const info = await anchorAuthInfo(db, requireUser(request), request.body.anchor_ids);
      return Object.fromEntries(info);
    },
  );

  app.get(
    "/api/anchor-auth/check-permission/",
    { schema: { querystring: checkPermissionQuery, response: { 200: checkPermissionResultSchema } } },
    async (request) => checkPermission(db, requireUser(request), request.query),
  );

  app.post(
    "/api/anchor-auth/manage/",
    { schema: { body: manageGrantBody, response: { 200: manageGrantResultSchema } } },
    async (request) => manageGrant(db, requireUser(request), request.body),
  );

  app.post(
    "/api/anchor-auth/publish/",
    { schema: { body: publishBody, response: { 200: publishResultSchema } } },
    async (request) => publish(db, requireUser(request), request.body.dnode_id, request.body.is_public),
  );

  app.get(
    "/api/dnode-permission/",
    { schema: { querystring: dnodePermissionQuery, response: { 200: shareLookupSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const { dnode_id, user_id } = request.query;
      return user_id === undefined
        ? listShares(db, userId, dnode_id)
        : getShare(db, userId, dnode_id, user_id);
    },
  );

  app.post(
    "/api/dnode-permission/",
    { schema: { body: dnodePermissionBody, response: { 200: sharePermissionSchema } } },
    async (request) => setShare(db, requireUser(request), request.body),
  );

  app.put(
    "/api/dnode-permission/",
    { schema: { body: dnodePermissionPutBody, response: { 200: sharePermissionSchema } } },
    async (request) => setShare(db, requireUser(request), request.body),
  );

  app.delete(
    "/api/dnode-permission/",
    { schema: { querystring: dnodePermissionDeleteQuery, response: { 200: successSchema } } },
    async (request) => deleteShare(db, requireUser(request), request.query.dnode_id, request.query.user_id),
  );

  app.get(
    "/api/user/public-anchors/",
    { schema: { querystring: publicAnchorsQuery, response: { 200: nodeListPageSchema } } },
    async (request) => userAnchors(db, requireUser(request), request.query),
  );

  app.get(
    "/api/public-knowledge/",
    { schema: { querystring: publicKnowledgeQuery, response: { 200: nodeListPageSchema } } },
    async (request) => publicKnowledge(db, requireUser(request), request.query.page, request.query.page_size),
  );
};
