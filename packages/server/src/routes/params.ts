import { idSchema } from "@zhishu/shared";
import { z } from "zod";

export { idSchema };

/** `{id}` in a path. */
export const idParams = z.object({ id: idSchema });
