import { useQuery } from "@tanstack/react-query";
import { Alert, Spin, Typography } from "antd";
import { useMemo, useState } from "react";
import type { Dnode } from "../../../entities/dnode/types";
import { zh } from "../../../i18n/zh-CN";
import { processApi } from "../process-api";
import { ChartToggle } from "./ChartToggle";
import { downloadText } from "./download";
import { LazyColumn } from "./LazyColumn";
import { hoursByChild, toCsv } from "./time-series";

const t = zh.charts;

/** A process's child processes by time, read when the chart opens, with a CSV export. */
export function ChildrenChart({ node }: { node: Dnode }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ["process-children", node.id],
    queryFn: () => processApi.childProcesses(node.id),
    enabled: open,
  });
  const rows = useMemo(() => (query.data ? hoursByChild(query.data, Date.now()) : []), [query.data]);
  const name = node.name || zh.outliner.untitled;
  const exportCsv = () =>
    downloadText(
      t.fileByChild(name),
      toCsv(
        [t.name, t.hours],
        rows.map((r) => [r.name, r.hours]),
      ),
    );
  return (
    <ChartToggle
      open={open}
      onToggle={() => setOpen(!open)}
      onExport={rows.length > 0 ? exportCsv : undefined}
      title={t.byChildTitle}
    >
      {query.isPending ? (
        <Spin aria-label={t.loading} />
      ) : query.isError ? (
        <Alert type="error" showIcon title={t.error(query.error.message)} />
      ) : rows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.childrenEmpty}</Typography.Paragraph>
      ) : (
        <LazyColumn data={rows.map((r) => ({ ...r }))} xField="name" yField="hours" label={t.byChildTitle} />
      )}
    </ChartToggle>
  );
}
