import { formatTimer, statusOf } from "@zhishu/shared";
import { zh } from "../../i18n/zh-CN";
import { PLANNED_COLORS, plannedOf, timerHours } from "./process-display";
import { useNow } from "./ticker";

const t = zh.process;

/**
 * A process's clock (`D天H时M分` or `HH:MM:SS`) and its planned time: remaining blue and overtime red
 * while running, the plan green otherwise. Only a running process listens to the shared 1 s ticker.
 */
export function ProcessTimer({ content }: { content: Record<string, unknown> }) {
  const now = useNow(statusOf(content) === "running");
  const hours = timerHours(content, now);
  const planned = plannedOf(content, now);
  return (
    <span className="pr-timer">
      <span className="pr-clock" role="timer" aria-label={`${t.timer} ${formatTimer(hours)}`}>
        {formatTimer(hours)}
      </span>
      {planned.kind !== "none" && (
        <span className="pr-planned" style={{ color: PLANNED_COLORS[planned.kind] }}>
          {planned.kind === "remaining"
            ? t.remaining(formatTimer(planned.hours))
            : planned.kind === "overtime"
              ? t.overtime(formatTimer(planned.hours))
              : t.planned(formatTimer(planned.hours))}
        </span>
      )}
    </span>
  );
}
