import { MESSAGES, timeRangeParams } from "@zhishu/shared";
import { badRequest } from "../errors";
import { writeTransaction } from "../services/events/write-transaction";
import { nodesMadeBetween } from "../services/processes/timerange";
import { applyProcessAction, type ProcessAction } from "../services/processes/transitions";
import { registerAction } from "./registry";

// Timed processes (workspace-spec 4 "Process self_status", 7 start / pause / finish).
const MESSAGES_OF: Record<ProcessAction, string> = {
  start: MESSAGES.processStarted,
  pause: MESSAGES.processPaused,
  finish: MESSAGES.processFinished,
};

for (const action of ["start", "pause", "finish"] as const) {
  registerAction(action, {
    level: "write",
    async run({ db, userId, node }) {
      if (node.type !== "PROCESS") throw badRequest(MESSAGES.notAProcess);
      const changed = await writeTransaction(db, userId, (tx) =>
        applyProcessAction(tx, userId, node.id, action),
      );
      return { message: MESSAGES_OF[action], dnodeIds: changed };
    },
  });
}

registerAction("get_processes_in_timerange", {
  level: "read",
  async run({ db, userId, node, params }) {
    const range = timeRangeParams.safeParse(params);
    if (!range.success) throw badRequest(MESSAGES.timeRangeInvalid);
    return { extra: { result: await nodesMadeBetween(db, userId, node.id, range.data) } };
  },
});
