import { Column } from "@ant-design/plots";

export interface ColumnChartProps {
  data: Array<Record<string, string | number>>;
  xField: string;
  yField: string;
  /** Stacks the bars by this field (one colour per value). */
  colorField?: string;
  label: string;
}

/**
 * The chart library's column chart. This module is only ever imported lazily (LazyColumn.tsx), so
 * G2 and its renderer stay out of the app's first download.
 */
export default function ColumnChart({ data, xField, yField, colorField, label }: ColumnChartProps) {
  return (
    <div role="img" aria-label={label}>
      <Column
        data={data}
        xField={xField}
        yField={yField}
        colorField={colorField}
        stack={Boolean(colorField)}
        height={280}
        autoFit
      />
    </div>
  );
}
