import {
  successSchema,
  trashListQuery,
  trashListResponse,
  trashRestoreBody,
  trashRestoreResponse,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { listTrash } from "../services/trash/list";
import { purgeTrashItem } from "../services/trash/purge";
import { restoreTrash } from "../services/trash/restore";
import { idParams } from "./params";

/** The recycle bin (回收站): what was deleted, kept 30 days; restore puts it back in its old place. */
export const trashRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/trash/",
    { schema: { querystring: trashListQuery, response: { 200: trashListResponse } } },
    async (request) => listTrash(db, requireUser(request), request.query.page, request.query.page_size),
  );

  app.post(
    "/api/trash/restore/",
    { schema: { body: trashRestoreBody, response: { 200: trashRestoreResponse } } },
    async (request) => restoreTrash(db, requireUser(request), request.body),
  );

  app.delete(
    "/api/trash/:id/",
    { schema: { params: idParams, response: { 200: successSchema } } },
    async (request) => {
      await purgeTrashItem(ctx, requireUser(request), request.params.id);
      return { success: true };
    },
  );
};
