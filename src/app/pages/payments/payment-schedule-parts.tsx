/**
 * Parts of a payment schedule's details page (issue 29): its next payments (a bank payment's weekend
 * date moved to the Monday says from when) and its past payments, each with the payment it made.
 */
import { Link } from "react-router";
import { Card, Empty, Table, Tag, Typography } from "antd";
import type { z } from "zod";
import { STATE_LABELS, type PaymentScheduleDetails } from "../../../../resources/payment-schedules.ts";
import { formatMoney } from "../../../lib/money.ts";
import { formatScheduleDay, WEEKEND_RULE } from "../../components/schedule/schedule-preview.tsx";
import { humanize, statusColor } from "../../components/resource/renderers.tsx";

export type ScheduleDetails = z.output<typeof PaymentScheduleDetails>;
type Occurrence = ScheduleDetails["occurrences"][number];

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** A schedule's state as a tag, in the declaration's words. */
export const ScheduleStateTag = ({ state }: { state: ScheduleDetails["state"] }) => (
  <Tag color={statusColor(state)} data-testid="schedule-state">
    {STATE_LABELS[state]}
  </Tag>
);

export function NextPayments({ schedule }: { schedule: ScheduleDetails }) {
  const dates = schedule.next_dates;
  const paused = schedule.state === "PAUSED";
  return (
    <Card title="Next payments" role="region" aria-label="Next payments">
      {dates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No further payments are due" />
      ) : (
        <>
          {paused && (
            <Typography.Paragraph type="secondary">While the schedule is paused these payments are not made; resume it to pay them.</Typography.Paragraph>
          )}
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {dates.map((d) => (
              <li key={d.date} style={{ padding: "4px 0" }}>
                {formatScheduleDay(d.date)} · {formatMoney(schedule.amount.value, schedule.amount.currency)}
                {d.moved_from && <Typography.Text type="secondary"> (moved from {formatScheduleDay(d.moved_from)})</Typography.Text>}
              </li>
            ))}
          </ol>
          {dates.some((d) => d.moved_from) && (
            <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
              {WEEKEND_RULE}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}

export function PastPayments({ schedule }: { schedule: ScheduleDetails }) {
  const base = schedule.kind === "bank" ? "/transactions" : "/crypto/transactions";
  return (
    <Card title="Past payments" role="region" aria-label="Past payments">
      <Table<Occurrence>
        rowKey="id"
        size="small"
        dataSource={schedule.occurrences}
        pagination={schedule.occurrences.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No payment has been made yet" /> }}
        columns={[
          { key: "due", title: "Due date", render: (_, o) => formatScheduleDay(o.due_date) },
          {
            key: "amount",
            title: "Amount",
            align: "right",
            render: (_, o) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(o.amount.value, o.amount.currency)}</span>,
          },
          {
            key: "state",
            title: "Status",
            render: (_, o) => (
              <>
                <Tag color={o.state === "PAID" ? "green" : "red"}>{o.state === "PAID" ? "Paid" : "Failed"}</Tag>
                {o.failure_reason && <Typography.Text type="danger">{o.failure_reason}</Typography.Text>}
              </>
            ),
          },
          {
            key: "payment",
            title: "Payment",
            render: (_, o) =>
              o.transaction_id ? (
                <Link to={`${base}/${o.transaction_id}`}>
                  View payment
                  {o.transaction_state && (
                    <Tag color={statusColor(o.transaction_state)} style={{ marginInlineStart: 8 }}>
                      {humanize(o.transaction_state)}
                    </Tag>
                  )}
                </Link>
              ) : (
                dash
              ),
          },
        ]}
      />
    </Card>
  );
}
