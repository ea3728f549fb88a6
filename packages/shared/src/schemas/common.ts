import { z } from "zod";
import { MESSAGES } from "../messages";
import { isStorableRelationName } from "../relations";
import { isNodeType, type NodeType } from "../types";

/** A positive 32-bit id, given as a number or a numeric string (query strings). */
export const idSchema = z.coerce
  .number({ error: MESSAGES.idInvalid })
  .int(MESSAGES.idInvalid)
  .min(1, MESSAGES.idInvalid)
  .max(2_147_483_647, MESSAGES.idOutOfRange);

/** One of the 31 node types. */
export const nodeTypeSchema = z
  .string({ error: MESSAGES.nodeTypeInvalid })
  .refine(isNodeType, MESSAGES.nodeTypeInvalid)
  .transform((t) => t as NodeType);

/** A relation name that may be stored: a system name or pv_{id}. */
export const relationNameSchema = z
  .string({ error: MESSAGES.relationNameInvalid })
  .refine(isStorableRelationName, MESSAGES.relationNameInvalid);

// Content is a free dictionary, but a bounded one: 256 KiB of JSON at most.
export const MAX_CONTENT_BYTES = 256 * 1024;
export const contentSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((c) => JSON.stringify(c).length <= MAX_CONTENT_BYTES, MESSAGES.contentTooLarge)
  // Pending updates arrive only by push and leave only by accept or reject.
  .refine((c) => !("to_updates" in c), MESSAGES.fieldProtected.replace("{field}", "to_updates"));

export const nameSchema = z.string().max(2000, MESSAGES.nameTooLong);
