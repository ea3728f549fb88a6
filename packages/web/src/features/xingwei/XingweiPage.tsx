import { useInfiniteQuery } from "@tanstack/react-query";
import { shanghaiDay } from "@zhishu/shared";
import { Alert, Button, Empty, Flex, Radio, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { DayGroup } from "./DayGroup";
import { addDays, groupByUnit, pageRange, type Unit, unitStart } from "./ranges";
import { XingweiChart } from "./XingweiChart";
import { myNodesBetween, PAGE_SIZE } from "./xingwei-api";
import "./xingwei.css";

const t = zh.xingwei;

/**
 * A short history leaves the bottom in view after every page, which would ask for older ranges without
 * end: after this many empty pages in a row the page stops by itself and the button goes further.
 */
const MAX_EMPTY_PAGES = 3;

/** A page: a range of units counted back from today, or, after a capped answer, its part before a time. */
interface PageParam {
  page: number;
  before?: string;
}

const oldestCreated = (nodes: readonly { created_at?: string }[]) =>
  nodes.reduce((oldest, n) => (n.created_at && n.created_at < oldest ? n.created_at : oldest), "9999");

const uniqueById = <T extends { id: number }>(nodes: T[]) => {
  const seen = new Set<number>();
  return nodes.filter((n) => !seen.has(n.id) && seen.add(n.id));
};

const emptyRun = (pages: readonly unknown[][]) => {
  let run = 0;
  for (let i = pages.length - 1; i >= 0 && pages[i].length === 0; i--) run++;
  return run;
};

/**
 * /xingwei 我的行为 (people-spec 2, 9): the nodes and processes I made, grouped by day or week in
 * Asia/Shanghai. The first page reaches 2 units back (to tomorrow); reaching the bottom asks for the 2
 * units before, through an IntersectionObserver on a sentinel (the button beside it does the same by
 * hand or keyboard).
 */
export function XingweiPage() {
  const [unit, setUnit] = useState<Unit>("day");
  // The day the page opened on: pages stay aligned while it is open, even across midnight.
  const [openedAt] = useState(() => Date.now());
  const query = useInfiniteQuery({
    queryKey: ["xingwei", unit, openedAt],
    initialPageParam: { page: 0 } as PageParam,
    queryFn: async ({ pageParam }) => {
      const range = pageRange(pageParam.page, unit, openedAt);
      return myNodesBetween(range.start, pageParam.before ?? range.end);
    },
    // There is always an earlier range to look at; the person stops scrolling when they have seen enough.
    // A full answer may not be the whole range: the same range again, before the oldest answered.
    getNextPageParam: (last, _pages, param): PageParam =>
      last.length >= PAGE_SIZE ? { page: param.page, before: oldestCreated(last) } : { page: param.page + 1 },
  });
  const nodes = useMemo(() => uniqueById(query.data?.pages.flat() ?? []), [query.data]);
  const groups = useMemo(() => groupByUnit(nodes, unit), [nodes, unit]);
  const current = unitStart(shanghaiDay(new Date(openedAt)), unit);
  const lastParam = query.data?.pageParams.at(-1) as PageParam | undefined;
  const oldest = pageRange(lastParam?.page ?? 0, unit, openedAt).start;

  const sentinel = useRef<HTMLDivElement>(null);
  const { fetchNextPage, isFetchingNextPage, isSuccess } = query;
  // After a failed page the button retries, not the observer (it would ask again on every render).
  const idle = emptyRun(query.data?.pages ?? []) >= MAX_EMPTY_PAGES || query.isFetchNextPageError;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !isSuccess || idle || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fetchNextPage, isFetchingNextPage, isSuccess, idle]);

  return (
    <section className="xw-page">
      <Flex align="center" justify="space-between" wrap gap={8}>
        <Typography.Title level={2}>{t.title}</Typography.Title>
        <Radio.Group
          aria-label={t.unitLabel}
          optionType="button"
          value={unit}
          onChange={(e) => setUnit(e.target.value as Unit)}
          options={[
            { value: "day", label: t.byDay },
            { value: "week", label: t.byWeek },
          ]}
        />
      </Flex>
      {query.isPending ? (
        <Spin aria-label={t.loadingMore} />
      ) : query.isError && nodes.length === 0 ? (
        <Alert
          type="error"
          showIcon
          title={t.error(query.error.message)}
          description={t.errorHint}
          action={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
        />
      ) : (
        <>
          <XingweiChart nodes={nodes} from={oldest} to={addDays(shanghaiDay(new Date(openedAt)), 1)} />
          {groups.length === 0 && (
            <Empty description={<span>{t.empty}</span>}>
              <Typography.Text type="secondary">{t.emptyHint}</Typography.Text>
            </Empty>
          )}
          {groups.map((group) => (
            <DayGroup key={group.start} group={group} unit={unit} current={current} />
          ))}
          {query.isFetchNextPageError && (
            <Alert
              type="error"
              showIcon
              title={t.error(query.error?.message ?? "")}
              description={t.errorHint}
            />
          )}
          <div ref={sentinel} className="xw-more">
            <Typography.Text type="secondary">
              {t.range(oldest, shanghaiDay(new Date(openedAt)))}
            </Typography.Text>
            <Button loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {query.isFetchNextPageError ? t.retry : t.loadMore}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
