import { api } from "../../api/client";
import type { Dnode } from "../../entities/dnode/types";

/** GET /api/dnode/my_dnodes_by_date_range: what the caller made in [start, end), Shanghai dates. */
export const myNodesBetween = (start: string, end: string) =>
  api.get<Dnode[]>("/dnode/my_dnodes_by_date_range", { start_date: start, end_date: end });
