import type { BriefDnode } from "@zhishu/shared";
import { Typography } from "antd";
import { useMemo, useState } from "react";
import { zh } from "../../i18n/zh-CN";
import { ChartToggle } from "../process/charts/ChartToggle";
import { downloadText } from "../process/charts/download";
import { LazyColumn } from "../process/charts/LazyColumn";
import { hoursByDay, toCsv } from "../process/charts/time-series";

const t = zh.charts;

interface Props {
  nodes: readonly BriefDnode[];
  /** The loaded range, [from, to) as Shanghai days. */
  from: string;
  to: string;
}

/** Time per day of the loaded range, stacked by top process, with a CSV export (issue 14 point 10). */
export function XingweiChart({ nodes, from, to }: Props) {
  const [open, setOpen] = useState(false);
  // Computed only while open; the time is the moment it opened or the data changed.
  const rows = useMemo(() => (open ? hoursByDay(nodes, Date.now(), from, to) : []), [open, nodes, from, to]);
  const exportCsv = () =>
    downloadText(
      t.fileByDay(from, to),
      toCsv(
        [t.day, t.series, t.hours],
        rows.map((r) => [r.day, r.series, r.hours]),
      ),
    );
  return (
    <ChartToggle
      open={open}
      onToggle={() => setOpen(!open)}
      onExport={rows.length > 0 ? exportCsv : undefined}
      title={t.byDayTitle}
    >
      <Typography.Paragraph type="secondary">{t.byDayHint}</Typography.Paragraph>
      {rows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.empty}</Typography.Paragraph>
      ) : (
        <LazyColumn
          data={rows.map((r) => ({ ...r }))}
          xField="day"
          yField="hours"
          colorField="series"
          label={t.byDayTitle}
        />
      )}
    </ChartToggle>
  );
}
