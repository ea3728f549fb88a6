import {
  briefDnodeListSchema,
  briefRangeQuery,
  confirmedNodeSchema,
  customFieldsSchema,
  dateRangeQuery,
  dnodeJsonSchema,
  dnodeListSchema,
  idTreeSchema,
  lastNodeSchema,
  myNodesPageSchema,
  nodeVersionsSchema,
  noInputSchema,
  pageQuery,
  updateContentFieldBody,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { myBriefNodesByDateRange } from "../services/nodes/activity";
import { fieldValue } from "../services/nodes/content-field";
import {
  classNode,
  customFields,
  evolves,
  idTree,
  myLastNode,
  myNodes,
  myNodesByDateRange,
} from "../services/nodes/lists";
import { getNode } from "../services/nodes/read";
import { updateNode } from "../services/nodes/update";
import { idParams } from "./params";

const nameParams = z.object({ name: z.string().min(1).max(200) });
const tagParams = z.object({ tag: z.string().min(1).max(200) });

/** The caller's node lists, class lookups, id trees, versions and single-field edits (workspace-spec 7). */
export const dnodeReadRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/dnode/my_last",
    { schema: { querystring: noInputSchema, response: { 200: lastNodeSchema } } },
    async (request) => myLastNode(db, requireUser(request)),
  );

  app.get(
    "/api/dnode/mydnodes/",
    { schema: { querystring: pageQuery, response: { 200: myNodesPageSchema } } },
    async (request) => myNodes(db, requireUser(request), request.query.page, request.query.page_size),
  );

  app.get(
    "/api/dnode/my_dnodes_by_date_range",
    { schema: { querystring: dateRangeQuery, response: { 200: dnodeListSchema } } },
    async (request) =>
      myNodesByDateRange(db, requireUser(request), request.query.start_date, request.query.end_date),
  );

  // The same range as light rows, for /xingwei (issue 14): see services/nodes/activity.ts.
  app.get(
    "/api/dnode/my_dnodes_by_date_range/brief",
    { schema: { querystring: briefRangeQuery, response: { 200: briefDnodeListSchema } } },
    async (request) => myBriefNodesByDateRange(db, requireUser(request), request.query),
  );

  app.get(
    "/api/dnode/classnode/:tag",
    { schema: { params: tagParams, response: { 200: dnodeJsonSchema } } },
    async (request) => classNode(db, requireUser(request), request.params.tag),
  );

  app.get(
    "/api/dnode/custom-fields/:name",
    { schema: { params: nameParams, response: { 200: customFieldsSchema } } },
    async (request) => customFields(db, requireUser(request), request.params.name),
  );

  app.get(
    "/api/dnode/:id/id_tree",
    { schema: { params: idParams, response: { 200: idTreeSchema } } },
    async (request) => idTree(db, requireUser(request), request.params.id),
  );

  app.get(
    "/api/dnode/:id/evolves",
    { schema: { params: idParams, response: { 200: nodeVersionsSchema } } },
    async (request) => evolves(db, requireUser(request), request.params.id),
  );

  app.post(
    "/api/dnode/:id/update_content_field",
    { schema: { params: idParams, body: updateContentFieldBody, response: { 200: dnodeJsonSchema } } },
    async (request) => {
      const userId = requireUser(request);
      const { content_type, content_value, field_kind, options } = request.body;
      const value = fieldValue(content_type, content_value, field_kind, options);
      await updateNode(db, userId, request.params.id, { content: { [content_type]: value } });
      return getNode(db, userId, request.params.id);
    },
  );

  // Confirming a proposed node marks it accepted by a person; it stays where it is.
  app.post(
    "/api/dnode/:id/confirm/",
    { schema: { params: idParams, response: { 200: confirmedNodeSchema } } },
    async (request) => {
      const userId = requireUser(request);
      await updateNode(db, userId, request.params.id, { content: { confirmed: true, pending: null } });
      return { success: true, dnode: await getNode(db, userId, request.params.id) };
    },
  );
};
