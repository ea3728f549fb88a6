import { MESSAGES } from "@zhishu/shared";
import { decideFriendRequest } from "../services/social/friend-requests";
import { registerAction } from "./registry";

// Friend requests (people-spec 4 "Friend request", 7 call_action accept_friend / reject_friend). The target
// reads the request through its grant; the service refuses everyone but the target with 403.
registerAction("accept_friend", {
  level: "read",
  async run({ db, userId, node }) {
    const changed = await decideFriendRequest(db, userId, node.id, "accepted");
    return { message: MESSAGES.friendRequestAccepted, dnodeIds: changed };
  },
});

registerAction("reject_friend", {
  level: "read",
  async run({ db, userId, node }) {
    const changed = await decideFriendRequest(db, userId, node.id, "rejected");
    return { message: MESSAGES.friendRequestRejected, dnodeIds: changed };
  },
});
