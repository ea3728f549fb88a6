import { idParamSchema } from "@zhishu/shared";
import { z } from "zod";

/** `{id}` in a path: decimal digits. */
export const idParams = z.object({ id: idParamSchema });
