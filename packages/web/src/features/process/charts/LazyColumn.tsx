import { Spin } from "antd";
import { lazy, Suspense } from "react";
import { zh } from "../../../i18n/zh-CN";
import type { ColumnChartProps } from "./ColumnChart";

// Loaded on first use: the chart library is larger than the rest of the app's first download.
const ColumnChart = lazy(() => import("./ColumnChart"));

/** The column chart, with a spinner while its library loads. */
export function LazyColumn(props: ColumnChartProps) {
  return (
    <Suspense fallback={<Spin aria-label={zh.charts.loading} />}>
      <ColumnChart {...props} />
    </Suspense>
  );
}
