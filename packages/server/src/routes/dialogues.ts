import {
  addToDialogueBody,
  addToDialogueResponse,
  convertAskProcessBody,
  convertAskProcessResponse,
  createDialogueBody,
  createDialogueResponse,
  delegateDraftBody,
  delegateDraftResponse,
  dialogueListQuery,
  dialogueListResponse,
  dialogueQuery,
  dialogueReadResponse,
  dialogueResponse,
  draftResponse,
  findOrCreateDialogueBody,
  findOrCreateDialogueResponse,
  MESSAGES,
  noInputSchema,
} from "@zhishu/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin";
import type { AppContext } from "../context";
import { presentRelation } from "../presenters/relation";
import { addToDialogue } from "../services/dialogues/attach";
import { convertAskProcess, createDialogue, findOrCreateByLogicId } from "../services/dialogues/create";
import { delegateAndCreateNew, getDraft } from "../services/dialogues/drafts";
import { dialogueNode, dialogueRecord, listDialogues, markRead } from "../services/dialogues/read";
import { presentNodeIds } from "../services/nodes/read";
import { idParams } from "./params";

/** Dialogues, drafts and messages (people-spec 7 "Dialogues and drafts"); who may: policies/dialogue.ts. */
export const dialogueRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/api/dialogue/create/",
    { schema: { body: createDialogueBody, response: { 201: createDialogueResponse } } },
    async (request, reply) => {
      const userId = requireUser(request);
      const { id } = await createDialogue(db, userId, request.body);
      reply.code(201);
      return {
        success: true,
        message: MESSAGES.dialogueCreated,
        dialogue: await dialogueNode(db, userId, id),
      };
    },
  );

  app.get(
    "/api/dialogue/messages/",
    { schema: { querystring: dialogueListQuery, response: { 200: dialogueListResponse } } },
    async (request) => ({ success: true, ...(await listDialogues(db, requireUser(request), request.query)) }),
  );

  app.post(
    "/api/dialogue/convert-ask-process/",
    { schema: { body: convertAskProcessBody, response: { 200: convertAskProcessResponse } } },
    async (request) => ({
      success: true,
      dialogue_id: await convertAskProcess(db, requireUser(request), request.body.ask_process_id),
    }),
  );

  app.post(
    "/api/dialogue/find-or-create-by-logic-id/",
    { schema: { body: findOrCreateDialogueBody, response: { 200: findOrCreateDialogueResponse } } },
    async (request) => {
      const userId = requireUser(request);
      const { id, created } = await findOrCreateByLogicId(
        db,
        userId,
        request.body.logic_id,
        request.body.title,
      );
      return { success: true, created, dialogue_id: id, dialogue: await dialogueNode(db, userId, id) };
    },
  );

  app.get(
    "/api/dialogue/:id/",
    { schema: { params: idParams, querystring: dialogueQuery, response: { 200: dialogueResponse } } },
    async (request) => ({
      success: true,
      dialogue: await dialogueRecord(db, requireUser(request), request.params.id, request.query.chat_page),
    }),
  );

  app.post(
    "/api/dialogue/:id/add/",
    { schema: { params: idParams, body: addToDialogueBody, response: { 200: addToDialogueResponse } } },
    async (request) => {
      const relation = await addToDialogue(db, requireUser(request), request.params.id, request.body);
      return { success: true, message: MESSAGES.resourceAdded, relation: presentRelation(relation) };
    },
  );

  app.post(
    "/api/dialogue/:id/read/",
    { schema: { params: idParams, body: noInputSchema.nullish(), response: { 200: dialogueReadResponse } } },
    async (request) => {
      const { unread_total } = await markRead(db, requireUser(request), request.params.id);
      return { success: true, unread_count: 0, unread_total };
    },
  );

  app.get(
    "/api/dialogue/:id/draft/",
    { schema: { params: idParams, querystring: noInputSchema, response: { 200: draftResponse } } },
    async (request) => {
      const userId = requireUser(request);
      const draftId = await getDraft(db, userId, request.params.id);
      const [draft] = await presentNodeIds(db, userId, [draftId]);
      return { success: true, draft_process: draft! };
    },
  );

  app.post(
    "/api/process/:id/delegate-and-create-new/",
    {
      // The body is optional: without one the draft's saved text is sent.
      schema: {
        params: idParams,
        body: delegateDraftBody.nullish(),
        response: { 200: delegateDraftResponse },
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const { delegatedId, newDraftId } = await delegateAndCreateNew(
        db,
        userId,
        request.params.id,
        request.body ?? {},
      );
      const [delegated, fresh] = await presentNodeIds(db, userId, [delegatedId, newDraftId]);
      return { success: true, delegated_process: delegated!, new_draft_process: fresh! };
    },
  );
};
