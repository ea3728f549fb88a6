import {
  addRelatedValueBody,
  byNodesQuery,
  createdRelationSchema,
  createRelationBody,
  createVirtualBody,
  deletedNodesSchema,
  dnodeJsonSchema,
  methodRelationQuery,
  propertyRelationQuery,
  relatedValueResultSchema,
  relationIdSchema,
  relationJsonSchema,
  relationListSchema,
  relationNodeQuery,
  relationsByIdsQuery,
  removeRelationBody,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { presentRelation } from "../presenters/relation";
import { addRelatedValue } from "../services/graph/related-values";
import {
  createRelation,
  deleteRelationById,
  firstRelatedNodeId,
  getRelation,
  relationBetween,
  relationsByIds,
  removeRelationByNodes,
} from "../services/graph/relations";
import { createNode } from "../services/nodes/create";
import { getNode } from "../services/nodes/read";
import { idParams } from "./params";

/** The /api/dnode_relation/* calls, add_related_value and remove-relation (workspace-spec 7). */
export const relationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/api/dnode_relation/create/",
    { schema: { body: createRelationBody, response: { 200: createdRelationSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const b = request.body;
      const relation = await createRelation(db, userId, {
        x: b.x_node_id,
        y: b.y_node_id,
        name: b.y_name,
        customRelation: b.custom_relation_id,
        showedSide: b.showed_side,
        before: b.before_node_id,
      });
      return {
        relation: presentRelation(relation),
        x_node: await getNode(db, userId, b.x_node_id),
        y_node: await getNode(db, userId, b.y_node_id),
      };
    },
  );

  app.post(
    "/api/dnode_relation/create_virtual/",
    { schema: { body: createVirtualBody, response: { 200: dnodeJsonSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const { x_node_id, y_node_name, y_name } = request.body;
      const { nodeId } = await createNode(db, userId, {
        type: "NOTE",
        name: y_node_name,
        content: {},
        location_id: x_node_id,
        relation_name: y_name,
      });
      return getNode(db, userId, nodeId);
    },
  );

  app.get(
    "/api/dnode_relation/get_relation_node/",
    { schema: { querystring: relationNodeQuery, response: { 200: dnodeJsonSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const id = await firstRelatedNodeId(db, userId, request.query.xnode_id, request.query.relation_name);
      return getNode(db, userId, id);
    },
  );

  app.get(
    "/api/dnode_relation/get_property_relation/",
    { schema: { querystring: propertyRelationQuery, response: { 200: relationIdSchema } } },
    async (request) => {
      const q = request.query;
      const row = await relationBetween(db, requireUser(request), q.concept_id, q.property_id, "PROPERTY");
      return { relation_id: row.id };
    },
  );

  app.get(
    "/api/dnode_relation/get_method_relation/",
    { schema: { querystring: methodRelationQuery, response: { 200: relationIdSchema } } },
    async (request) => {
      const q = request.query;
      const row = await relationBetween(db, requireUser(request), q.concept_id, q.method_id, "METHOD");
      return { relation_id: row.id };
    },
  );

  app.get(
    "/api/dnode_relation/get_by_nodes/",
    { schema: { querystring: byNodesQuery, response: { 200: relationJsonSchema } } },
    async (request) => {
      const q = request.query;
      return presentRelation(
        await relationBetween(db, requireUser(request), q.xnode_id, q.ynode_id, q.relation_name),
      );
    },
  );

  app.get(
    "/api/dnode_relation/get_by_ids/",
    { schema: { querystring: relationsByIdsQuery, response: { 200: relationListSchema } } },
    async (request) => ({
      relations: (await relationsByIds(db, requireUser(request), request.query.ids)).map(presentRelation),
    }),
  );

  app.get(
    "/api/dnode_relation/:id/",
    { schema: { params: idParams, response: { 200: relationJsonSchema } } },
    async (request) => presentRelation(await getRelation(db, requireUser(request), request.params.id)),
  );

  app.delete(
    "/api/dnode_relation/:id/",
    { schema: { params: idParams, response: { 200: deletedNodesSchema } } },
    async (request) => {
      const { deletedIds } = await deleteRelationById(db, requireUser(request), request.params.id);
      return { success: true, deleted_dnode_ids: deletedIds };
    },
  );

  app.post(
    "/api/dnode/add_related_value",
    { schema: { body: addRelatedValueBody, response: { 200: relatedValueResultSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const { relation, nodeId } = await addRelatedValue(db, userId, request.body);
      return { relation: presentRelation(relation), node: await getNode(db, userId, nodeId) };
    },
  );

  app.post(
    "/api/dnode/:id/remove-relation/",
    { schema: { params: idParams, body: removeRelationBody, response: { 200: deletedNodesSchema } } },
    async (request) => {
      const b = request.body;
      const { deletedIds } = await removeRelationByNodes(
        db,
        requireUser(request),
        request.params.id,
        b.y_node_id,
        b.relation_name,
      );
      return { success: true, deleted_dnode_ids: deletedIds };
    },
  );
};
