// Every module that registers call_action actions, imported once for its side effect.
import "./delivery-actions";
import "./process-actions";
import "./social-actions";
import "./sync-actions";

export { type ActionResult, findAction } from "./registry";
export { runAction } from "./run";
