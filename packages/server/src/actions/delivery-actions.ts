import { MESSAGES } from "@zhishu/shared";
import { decideDelivery } from "../services/processes/delivery";
import { registerAction } from "./registry";

// What an agent delivered, accepted or rejected by those who may edit the process (workspace-spec 4).
// The spec names no call for it; these two follow accept_friend / reject_friend.
registerAction("accept_delivery", {
  level: "write",
  async run({ db, userId, node }) {
    return {
      message: MESSAGES.deliveryAccepted,
      dnodeIds: await decideDelivery(db, userId, node.id, "accepted"),
    };
  },
});

registerAction("reject_delivery", {
  level: "write",
  async run({ db, userId, node }) {
    return {
      message: MESSAGES.deliveryRejected,
      dnodeIds: await decideDelivery(db, userId, node.id, "rejected"),
    };
  },
});
