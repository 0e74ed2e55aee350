/**
 * The next payment dates of a schedule being made, computed in the browser by the rules the server
 * keeps (src/lib/schedule-dates.ts), with the weekend rule of bank payments said where it moves one.
 */
import dayjs from "dayjs";
import { Typography, theme } from "antd";
import { NEXT_DATES_SHOWN } from "../../../../resources/payment-schedules.ts";
import { upcoming, type ScheduleRail, type ScheduleRule } from "../../../lib/schedule-dates.ts";

export const WEEKEND_RULE = "Bank payments due on a Saturday or Sunday are made on the Monday after.";

/** "Mon 1 Dec 2026": a scheduled day with its weekday, which decides whether it moves. */
export const formatScheduleDay = (day: string) => dayjs(day).format("ddd D MMM YYYY");

export function SchedulePreview({ rule, rail }: { rule: ScheduleRule; rail: ScheduleRail }) {
  const { token } = theme.useToken();
  const dates = upcoming(rule, rail, 0, NEXT_DATES_SHOWN);
  const moved = dates.some((d) => d.moved);
  const title = rule.frequency === "ONCE" ? "Payment date" : `Next ${dates.length === 1 ? "payment" : `${dates.length} payments`}`;
  return (
    <section
      aria-label="Payment dates"
      data-testid="schedule-preview"
      style={{ background: token.colorFillAlter, borderRadius: 8, padding: "12px 16px", marginBottom: 16 }}
    >
      <Typography.Text strong>{title}</Typography.Text>
      {dates.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          No payment falls within these dates.
        </Typography.Paragraph>
      ) : (
        <ol style={{ margin: "4px 0 0", paddingInlineStart: 20 }}>
          {dates.map((d) => (
            <li key={d.n}>
              {formatScheduleDay(d.date)}
              {d.moved && <Typography.Text type="secondary"> (moved from {formatScheduleDay(d.nominal)})</Typography.Text>}
            </li>
          ))}
        </ol>
      )}
      {moved && (
        <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0" }}>
          {WEEKEND_RULE}
        </Typography.Paragraph>
      )}
    </section>
  );
}
