/**
 * The next payment dates of a schedule being made, computed in the browser by the rules the server
 * keeps (src/lib/schedule-dates.ts), with the weekend rule of bank payments said where it moves one.
 */
import { useTranslate } from "@refinedev/core";
import { Typography, theme } from "antd";
import { formatWeekdayDay } from "../../../lib/dates.ts";
import { NEXT_DATES_SHOWN } from "../../../../resources/payment-schedules.ts";
import { upcoming, type ScheduleRail, type ScheduleRule } from "../../../lib/schedule-dates.ts";

/** "Mon 1 Dec 2026": a scheduled day with its weekday, which decides whether it moves (in the member's language). */
export const formatScheduleDay = (day: string) => `${formatWeekdayDay(day)} ${day.slice(0, 4)}`;

export function SchedulePreview({ rule, rail }: { rule: ScheduleRule; rail: ScheduleRail }) {
  const { token } = theme.useToken();
  const t = useTranslate();
  const dates = upcoming(rule, rail, 0, NEXT_DATES_SHOWN);
  const moved = dates.some((d) => d.moved);
  const title = rule.frequency === "ONCE" ? t("schedule.preview.paymentDate") : t("schedule.preview.next", { count: dates.length });
  return (
    <section
      aria-label={t("schedule.preview.label")}
      data-testid="schedule-preview"
      style={{ background: token.colorFillAlter, borderRadius: 8, padding: "12px 16px", marginBottom: 16 }}
    >
      <Typography.Text strong>{title}</Typography.Text>
      {dates.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("schedule.preview.none")}
        </Typography.Paragraph>
      ) : (
        <ol style={{ margin: "4px 0 0", paddingInlineStart: 20 }}>
          {dates.map((d) => (
            <li key={d.n}>
              {formatScheduleDay(d.date)}
              {d.moved && <Typography.Text type="secondary"> {t("schedule.preview.movedFrom", { date: formatScheduleDay(d.nominal) })}</Typography.Text>}
            </li>
          ))}
        </ol>
      )}
      {moved && (
        <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
          {t("schedule.weekendRule")}
        </Typography.Paragraph>
      )}
    </section>
  );
}
