import {
  batchRelationsQuery,
  batchRelationsWithDataSchema,
  byIdsQuery,
  createDnodeBody,
  createdNodeSchema,
  deleteBatchBody,
  deletedNodesSchema,
  dnodeJsonSchema,
  dnodeListSchema,
  firstScreenQuery,
  firstScreenSchema,
  relationsWithDataQuery,
  relationsWithDataSchema,
  searchQuery,
  updateDnodeBody,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { loadNodeRows } from "../policies/node-access";
import { presentRelation } from "../presenters/relation";
import { nodeFirstScreen } from "../services/graph/first-screen";
import { ancestorPath } from "../services/graph/paths";
import { batchRelationsWithData, nodeRelationsWithData } from "../services/graph/relation-pages";
import { createNode } from "../services/nodes/create";
import { parseCreateKey } from "../services/nodes/create-key";
import { deleteNodes } from "../services/nodes/delete";
import { getCreatedNode, getNode, presentNodes } from "../services/nodes/read";
import { updateNode } from "../services/nodes/update";
import { searchNodes } from "../services/search/search";
import { idParams } from "./params";

/** Node reads and writes (workspace-spec 7). Every call needs a user; the node policy decides the rest. */
export const dnodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/api/dnode/create/",
    { schema: { body: createDnodeBody, response: { 200: createdNodeSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const key = parseCreateKey(request.headers["idempotency-key"]);
      const { nodeId, relation, anchorId } = await createNode(db, userId, request.body, key);
      return {
        dnode: await getCreatedNode(db, userId, nodeId, anchorId),
        relation: presentRelation(relation),
      };
    },
  );

  app.get(
    "/api/dnode/by_ids",
    { schema: { querystring: byIdsQuery, response: { 200: dnodeListSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const rows = await loadNodeRows(db, [...new Set(request.query.ids)], userId);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = request.query.ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
      return presentNodes(db, userId, [...new Set(ordered)]);
    },
  );

  app.get(
    "/api/dnode/batch_relations_with_data/",
    { schema: { querystring: batchRelationsQuery, response: { 200: batchRelationsWithDataSchema } } },
    async (request) => {
      const { node_ids, ...paging } = request.query;
      return batchRelationsWithData(db, requireUser(request), node_ids, paging);
    },
  );

  app.get(
    "/api/dnode/search/",
    { schema: { querystring: searchQuery, response: { 200: dnodeListSchema } } },
    async (request) => searchNodes(db, requireUser(request), request.query),
  );

  app.post(
    "/api/dnode/delete_batch",
    { schema: { body: deleteBatchBody, response: { 200: deletedNodesSchema } } },
    async (request) => {
      const { deletedIds, trashBatchId } = await deleteNodes(db, requireUser(request), request.body.ids);
      return { success: true, deleted_dnode_ids: deletedIds, trash_batch_id: trashBatchId };
    },
  );

  app.get(
    "/api/dnode/:id",
    { schema: { params: idParams, response: { 200: dnodeJsonSchema } } },
    async (request) => getNode(db, requireUser(request), request.params.id),
  );

  app.post(
    "/api/dnode/:id/update",
    { schema: { params: idParams, body: updateDnodeBody, response: { 200: dnodeJsonSchema } } },
    async (request) => {
      const userId = requireUser(request);
      await updateNode(db, userId, request.params.id, request.body);
      return getNode(db, userId, request.params.id);
    },
  );

  app.get(
    "/api/dnode/:id/relations_with_data/",
    {
      schema: {
        params: idParams,
        querystring: relationsWithDataQuery,
        response: { 200: relationsWithDataSchema },
      },
    },
    async (request) => nodeRelationsWithData(db, requireUser(request), request.params.id, request.query),
  );

  // The node and its page's first lists in one answer (services/graph/first-screen.ts).
  app.get(
    "/api/dnode/:id/first_screen/",
    {
      schema: { params: idParams, querystring: firstScreenQuery, response: { 200: firstScreenSchema } },
    },
    async (request) => nodeFirstScreen(db, requireUser(request), request.params.id, request.query),
  );

  app.get(
    "/api/data/:id/path",
    { schema: { params: idParams, response: { 200: dnodeListSchema } } },
    async (request) => ancestorPath(db, requireUser(request), request.params.id),
  );
};
