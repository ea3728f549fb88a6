import { nodeApi } from "../../entities/dnode/node-api";

/**
 * How many nodes one request asks for. The light read (my_dnodes_by_date_range/brief) of 500 rows stays
 * within the page's time budget with 10,000 processes in range; a range with more is read on, before the
 * oldest answered, as the person scrolls (issue 14 bench, README).
 */
export const PAGE_SIZE = 500;

/** What the caller made in [start, end), Shanghai dates (or an exact time), newest first, light rows. */
export const myNodesBetween = (start: string, end: string) =>
  nodeApi.myNodesBetween({ start_date: start, end_date: end, limit: PAGE_SIZE });
