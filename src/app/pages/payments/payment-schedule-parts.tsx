/**
 * Parts of a payment schedule's details page (issue 29): its next payments (a bank payment's weekend
 * date moved to the Monday says from when) and its past payments, each with the payment it made.
 */
import { Link } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Card, Empty, Table, Tag, Typography } from "antd";
import type { z } from "zod";
import type { PaymentScheduleDetails } from "../../../../resources/payment-schedules.ts";
import { formatMoney } from "../../../lib/money.ts";
import { formatScheduleDay } from "../../components/schedule/schedule-preview.tsx";
import { statusColor } from "../../components/resource/status-colours.ts";
import { statusText } from "../../components/resource/use-declared.ts";

export type ScheduleDetails = z.output<typeof PaymentScheduleDetails>;
type Occurrence = ScheduleDetails["occurrences"][number];

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** A schedule's state as a tag, in the declaration's words. */
export function ScheduleStateTag({ state }: { state: ScheduleDetails["state"] }) {
  const t = useTranslate();
  const labels: Record<ScheduleDetails["state"], string> = {
    PENDING_APPROVAL: t("payments.scheduleState.pendingApproval"),
    ACTIVE: t("payments.scheduleState.active"),
    PAUSED: t("payments.scheduleState.paused"),
    ENDED: t("payments.scheduleState.ended"),
    CANCELLED: t("payments.scheduleState.cancelled"),
    REJECTED: t("payments.scheduleState.rejected"),
  };
  return (
    <Tag color={statusColor(state)} data-testid="schedule-state">
      {labels[state]}
    </Tag>
  );
}

export function NextPayments({ schedule }: { schedule: ScheduleDetails }) {
  const dates = schedule.next_dates;
  const paused = schedule.state === "PAUSED";
  const t = useTranslate();
  return (
    <Card title={t("payments.scheduleParts.next")} role="region" aria-label={t("payments.scheduleParts.next")}>
      {dates.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("payments.scheduleParts.noneDue")} />
      ) : (
        <>
          {paused && <Typography.Paragraph type="secondary">{t("payments.scheduleParts.pausedNote")}</Typography.Paragraph>}
          <ol style={{ margin: 0, paddingInlineStart: 20 }}>
            {dates.map((d) => (
              <li key={d.date} style={{ padding: "4px 0" }}>
                {formatScheduleDay(d.date)} · {formatMoney(schedule.amount.value, schedule.amount.currency)}
                {d.moved_from && (
                  <Typography.Text type="secondary"> {t("payments.scheduleParts.movedFrom", { date: formatScheduleDay(d.moved_from) })}</Typography.Text>
                )}
              </li>
            ))}
          </ol>
          {dates.some((d) => d.moved_from) && (
            <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
              {t("schedule.weekendRule")}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}

export function PastPayments({ schedule }: { schedule: ScheduleDetails }) {
  const base = schedule.kind === "bank" ? "/transactions" : "/crypto/transactions";
  const t = useTranslate();
  return (
    <Card title={t("payments.scheduleParts.past")} role="region" aria-label={t("payments.scheduleParts.past")}>
      <Table<Occurrence>
        rowKey="id"
        size="small"
        dataSource={schedule.occurrences}
        pagination={schedule.occurrences.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("payments.scheduleParts.noneMade")} /> }}
        columns={[
          { key: "due", title: t("payments.scheduleParts.dueDate"), render: (_, o) => formatScheduleDay(o.due_date) },
          {
            key: "amount",
            title: t("payments.common.amount"),
            align: "right",
            render: (_, o) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(o.amount.value, o.amount.currency)}</span>,
          },
          {
            key: "state",
            title: t("payments.common.status"),
            render: (_, o) => (
              <>
                <Tag color={o.state === "PAID" ? "green" : "red"}>
                  {o.state === "PAID" ? t("payments.scheduleParts.paid") : t("payments.scheduleParts.failed")}
                </Tag>
                {o.failure_reason && <Typography.Text type="danger">{o.failure_reason}</Typography.Text>}
              </>
            ),
          },
          {
            key: "payment",
            title: t("payments.scheduleParts.payment"),
            render: (_, o) =>
              o.transaction_id ? (
                <Link to={`${base}/${o.transaction_id}`}>
                  {t("payments.scheduleParts.viewPayment")}
                  {o.transaction_state && (
                    <Tag color={statusColor(o.transaction_state)} style={{ marginInlineStart: 8 }}>
                      {statusText(t, o.transaction_state)}
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
