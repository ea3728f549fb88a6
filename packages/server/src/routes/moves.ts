import {
  changeParentBody,
  changeParentResultSchema,
  cloneBody,
  dnodeJsonSchema,
  dnodeListSchema,
  moveBody,
  moveHereBody,
  moveResultSchema,
  referBody,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { loadNodeRows } from "../policies/node-access";
import { presentRelation } from "../presenters/relation";
import { cloneNode } from "../services/graph/clone";
import { changeMainParent, referNodes } from "../services/graph/main-place";
import { moveNodes } from "../services/graph/move";
import { parseCreateKey } from "../services/nodes/create-key";
import { getNode, presentNodes } from "../services/nodes/read";

/** Moving, referring and cloning nodes (workspace-spec 4 "Drag", 7). */
export const moveRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/api/dnode/move",
    { schema: { body: moveBody, response: { 200: moveResultSchema } } },
    async (request) => {
      const relations = await moveNodes(db, requireUser(request), request.body);
      return { success: true, relations: relations.map(presentRelation) };
    },
  );

  app.post(
    "/api/dnode/refer",
    { schema: { body: referBody, response: { 201: dnodeListSchema } } },
    async (request, reply) => {
      const userId = requireUser(request);
      const { refered_nodes_ids, target_node_id, relation_name, location } = request.body;
      await referNodes(db, userId, refered_nodes_ids, target_node_id, relation_name, location);
      // In the order asked: the row query has no order of its own.
      const position = new Map(refered_nodes_ids.map((id, i) => [id, i]));
      const rows = (await loadNodeRows(db, refered_nodes_ids, userId)).sort(
        (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
      );
      return reply.status(201).send(await presentNodes(db, userId, rows));
    },
  );

  app.post(
    "/api/dnode/clone",
    { schema: { body: cloneBody, response: { 201: dnodeJsonSchema } } },
    async (request, reply) => {
      const userId = requireUser(request);
      const { source_id, target_parent_id, relation_name, location } = request.body;
      const key = parseCreateKey(request.headers["idempotency-key"]);
      const copyId = await cloneNode(db, userId, source_id, target_parent_id, relation_name, location, key);
      return reply.status(201).send(await getNode(db, userId, copyId));
    },
  );

  app.post(
    "/api/dnode/move_here",
    { schema: { body: moveHereBody, response: { 200: dnodeListSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const { node_id, location_node_id, relation_name } = request.body;
      await changeMainParent(db, userId, node_id, location_node_id, relation_name);
      return [await getNode(db, userId, node_id)];
    },
  );

  app.post(
    "/api/dnode_relation/change_parent/",
    { schema: { body: changeParentBody, response: { 200: changeParentResultSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const { node_id, new_parent_id } = request.body;
      const { oldParentId } = await changeMainParent(db, userId, node_id, new_parent_id);
      return {
        node: await getNode(db, userId, node_id),
        old_parent: oldParentId === null ? null : await getNode(db, userId, oldParentId),
        new_parent: await getNode(db, userId, new_parent_id),
      };
    },
  );
};
