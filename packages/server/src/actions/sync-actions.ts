import { MESSAGES } from "@zhishu/shared";
import { badRequest } from "../errors";
import { writeTransaction } from "../services/events/write-transaction";
import { acceptUpdates, clearPending, pull, push } from "../services/sync/push-pull";
import { registerAction } from "./registry";

// Synchronised copies (workspace-spec 3 src_id/src_version; 2 "Pending-update bar").
registerAction("push", {
  level: "write",
  async run({ db, userId, node }) {
    const sourceId = await push(db, userId, node.id);
    return {
      message: MESSAGES.pushedToSource,
      dnodeIds: [node.id],
      extra: { source_id: sourceId },
    };
  },
});

registerAction("pull", {
  level: "write",
  async run({ db, userId, node }) {
    const { changed } = await pull(db, userId, node.id);
    return { message: changed ? MESSAGES.pulledFromSource : MESSAGES.sourceUnchanged, dnodeIds: [node.id] };
  },
});

registerAction("accept_updates", {
  level: "write",
  async run({ db, userId, node }) {
    const { deletedIds } = await writeTransaction(db, userId, (tx) => acceptUpdates(tx, userId, node));
    return {
      message: MESSAGES.updatesAccepted,
      dnodeIds: deletedIds.includes(node.id) ? [] : [node.id],
      deletedIds,
    };
  },
});

registerAction("reject_updates", {
  level: "write",
  async run({ db, userId, node }) {
    if (!Array.isArray(node.content.to_updates) || node.content.to_updates.length === 0) {
      throw badRequest(MESSAGES.noPendingUpdates);
    }
    await writeTransaction(db, userId, (tx) => clearPending(tx, node));
    return { message: MESSAGES.updatesRejected, dnodeIds: [node.id] };
  },
});
