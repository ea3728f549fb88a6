import { sql } from "drizzle-orm";

/**
 * Not a dialogue's draft: a draft AskProcess is its writer's unsent text, so lists of what a person made
 * (我的知识, my_last, /xingwei, the behaviour timeline) leave it out, as my_processes does (people-spec 4).
 * An anti-join on dialogue_draft's unique node index; the query must name the node table `dnode`.
 */
export const notDialogueDraft = sql`not exists (select 1 from dialogue_draft where dialogue_draft.node_id = dnode.id)`;
