import { BarChartOutlined, DownloadOutlined } from "@ant-design/icons";
import { Button, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { zh } from "../../../i18n/zh-CN";

const t = zh.charts;

interface Props {
  open: boolean;
  onToggle: () => void;
  /** Offered once there is something to export. */
  onExport?: () => void;
  title: string;
  children: ReactNode;
}

/** A chart behind a button, so nothing of the chart library loads until someone asks for it. */
export function ChartToggle({ open, onToggle, onExport, title, children }: Props) {
  return (
    <div className="pr-chart">
      <Flex gap={8} align="center" wrap>
        <Button size="small" icon={<BarChartOutlined />} aria-expanded={open} onClick={onToggle}>
          {open ? t.hide : t.show}
        </Button>
        {open && onExport && (
          <Button size="small" icon={<DownloadOutlined />} onClick={onExport}>
            {t.exportCsv}
          </Button>
        )}
      </Flex>
      {open && (
        <section aria-label={title}>
          <Typography.Text strong>{title}</Typography.Text>
          {children}
        </section>
      )}
    </div>
  );
}
