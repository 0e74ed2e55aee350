/**
 * The dashboard's "Upcoming payments (7 days)" (issue 29): the scheduled payments due in the next
 * week, by day, for members who may list schedules. Keyed by the resource's name, so a schedule made,
 * paused or cancelled anywhere in the console refreshes it (resources/stale.ts).
 */
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Card, Empty, Flex, Skeleton, Typography, theme } from "antd";
import { useTranslate } from "@refinedev/core";
import { paymentScheduleEndpoints, paymentSchedules, UPCOMING_DAYS } from "../../../../resources/payment-schedules.ts";
import { displayMinor } from "../../../lib/money.ts";
import { formatWeekdayDay } from "../../../lib/dates.ts";
import { call } from "../../api/call.ts";
import { useSession } from "../../session/session.tsx";
import { OneLine } from "../layout/one-line.tsx";

export function UpcomingPayments() {
  const { token } = theme.useToken();
  const { can } = useSession();
  const t = useTranslate();
  const allowed = can(paymentSchedules.access.obj, "list");
  const query = useQuery({
    queryKey: ["payment-schedules", "upcoming", UPCOMING_DAYS],
    queryFn: async () => (await call(paymentScheduleEndpoints.upcoming, { query: { days: UPCOMING_DAYS } })).data,
    enabled: allowed,
  });
  if (!allowed) return null;
  const rows = query.data ?? [];
  return (
    <Card
      title={t("dashboard.upcoming.title", { days: UPCOMING_DAYS })}
      variant="borderless"
      role="region"
      aria-label={t("dashboard.upcoming.label")}
      styles={{ body: { paddingBlock: 8 } }}
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : query.isError ? (
        <Typography.Text type="danger">{t("dashboard.upcoming.error")}</Typography.Text>
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.upcoming.none", { days: UPCOMING_DAYS })} />
      ) : (
        // A plain list, as the accounts panel above: antd's List would bring its pagination into the first load.
        <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {rows.map((r, i) => (
            <li key={`${r.schedule_id}-${r.date}`} style={{ padding: "12px 0", borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}>
              <Flex justify="space-between" align="center" gap={8}>
                <Flex gap={12} align="center" style={{ minWidth: 0 }}>
                  <Typography.Text type="secondary" style={{ whiteSpace: "nowrap" }}>
                    {formatWeekdayDay(r.date)}
                  </Typography.Text>
                  <OneLine title={r.beneficiary.name}>
                    <Link to={paymentSchedules.routes.show!.replace(":id", r.schedule_id)}>{r.beneficiary.name}</Link>
                  </OneLine>
                </Flex>
                <Typography.Text strong style={{ whiteSpace: "nowrap" }}>
                  {displayMinor(r.amount.value, r.amount.currency)} {r.amount.currency}
                </Typography.Text>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      <div style={{ padding: "8px 0 4px", borderTop: `1px solid ${token.colorSplit}` }}>
        <Link to={paymentSchedules.routes.list}>{t("dashboard.upcoming.viewAll")}</Link>
      </div>
    </Card>
  );
}
