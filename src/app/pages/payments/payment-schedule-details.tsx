/**
 * /payments/scheduled/:id (issue 29): a payment schedule's facts, its actions as the declaration
 * gives them (Pause, Resume, Cancel schedule) with Edit (amount per payment or next date, approved like
 * a new schedule), an edit waiting for approval, its next five payments and its past payments.
 */
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Col, Descriptions, Flex, Row, Skeleton, Space, Tag, Typography } from "antd";
import { ArrowLeftOutlined, EditOutlined } from "@ant-design/icons";
import { paymentScheduleEndpoints, paymentSchedules } from "../../../../resources/payment-schedules.ts";
import { editableInState } from "../../../../resources/define-resource.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { formatMoney } from "../../../lib/money.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { RecordActions } from "../../components/resource/record-actions.tsx";
import { RecordEditor } from "../../components/resource/record-editor.tsx";
import { useResourceAccess } from "../../components/resource/use-resource-access.ts";
import { formatScheduleDay } from "../../components/schedule/schedule-preview.tsx";
import { NextPayments, PastPayments, ScheduleStateTag, type ScheduleDetails } from "./payment-schedule-parts.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";

function endText(s: ScheduleDetails) {
  if (s.frequency === "ONCE") return "After its one payment";
  if (s.end_kind === "AFTER") return `After ${s.end_after} payment${s.end_after === 1 ? "" : "s"} (${s.payments_made} made)`;
  if (s.end_kind === "ON_DATE" && s.end_date) return `On ${formatScheduleDay(s.end_date)}`;
  return "Never (until cancelled)";
}

/** An edit waiting for approval: what it changes. */
function PendingChange({ schedule: s }: { schedule: ScheduleDetails }) {
  const change = s.pending_change;
  if (!change) return null;
  const parts = [
    change.amount && `amount per payment ${formatMoney(change.amount.value, change.amount.currency)}`,
    change.next_date && `next payment on ${formatScheduleDay(change.next_date)}`,
  ].filter(Boolean);
  return (
    <Space wrap>
      <span>{parts.join(", ")}</span>
      <Tag color="gold">Waiting for approval</Tag>
    </Space>
  );
}

export default function PaymentScheduleDetailsPage() {
  const { id = "" } = useParams();
  const { canEdit } = useResourceAccess(paymentSchedules);
  const [editing, setEditing] = useState(false);
  // Keyed by the resource's name: every write that changes schedules refetches it (resources/stale.ts).
  const query = useQuery({
    queryKey: ["payment-schedules", "detail", id],
    queryFn: async () => (await call(paymentScheduleEndpoints.show, { params: { id } })).data as ScheduleDetails,
    retry: false,
  });
  const s = query.data;

  const back = (
    <Link to={paymentSchedules.routes.list}>
      <Space size={6}>
        <ArrowLeftOutlined />
        Back to scheduled payments
      </Space>
    </Link>
  );
  if (query.isLoading)
    return (
      <>
        {back}
        <Skeleton active />
      </>
    );
  if (!s) {
    // What the server said ("Payment schedule not found"), as every details page does.
    const notFound = isApiError(query.error) && query.error.statusCode === 404 ? query.error.message : null;
    return (
      <>
        {back}
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message={notFound ?? "Error fetching the scheduled payment"}
          description={!notFound && isApiError(query.error) ? query.error.message : undefined}
        />
      </>
    );
  }

  return (
    <>
      {back}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: "12px 0 16px" }}>
        <div>
          <Space align="center" size={12}>
            <PageTitle style={{ margin: 0 }}>{paymentSchedules.recordTitle(s)}</PageTitle>
            <ScheduleStateTag state={s.state} />
          </Space>
          <div>
            <Typography.Text type="secondary">{s.kind === "bank" ? "Bank payment" : "Stablecoin send"}</Typography.Text>
          </div>
        </div>
        <Flex gap={8} wrap>
          {canEdit && editableInState(paymentSchedules, s) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          <RecordActions def={paymentSchedules} record={s} />
        </Flex>
      </Flex>

      {query.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="Couldn't refresh this scheduled payment"
          action={
            <Button size="small" onClick={() => query.refetch()}>
              Refresh
            </Button>
          }
        />
      )}
      {s.state === "PENDING_APPROVAL" && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="This schedule is waiting for approval"
          description="No payment is made until a member who can approve payments approves it; it is approved once for all its payments."
        />
      )}
      {s.pending_change && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="A change to this schedule is waiting for approval"
          description={<PendingChange schedule={s} />}
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Descriptions column={1} bordered size="small" aria-label="Schedule details">
            <Descriptions.Item label="Beneficiary">{s.beneficiary.name}</Descriptions.Item>
            <Descriptions.Item label="From">
              {s.source.name} ({s.source.currency})
            </Descriptions.Item>
            <Descriptions.Item label="Amount per payment">
              <Typography.Text strong>{formatMoney(s.amount.value, s.amount.currency)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Frequency">{s.frequency_label}</Descriptions.Item>
            <Descriptions.Item label={s.frequency === "ONCE" ? "Payment date" : "Starts"}>{formatScheduleDay(s.start_date)}</Descriptions.Item>
            <Descriptions.Item label="Ends">{endText(s)}</Descriptions.Item>
            <Descriptions.Item label="Next payment">{s.next_date ? formatScheduleDay(s.next_date) : "—"}</Descriptions.Item>
            <Descriptions.Item label="Payments made">{s.payments_made}</Descriptions.Item>
            {s.frequency !== "ONCE" && (
              <Descriptions.Item label="If a payment fails">{s.pause_after_failure ? "The schedule is paused" : "The schedule goes on"}</Descriptions.Item>
            )}
            <Descriptions.Item label="Status">
              <ScheduleStateTag state={s.state} />
            </Descriptions.Item>
            {s.pending_change && (
              <Descriptions.Item label="Pending change">
                <PendingChange schedule={s} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label="Description">{s.description || "—"}</Descriptions.Item>
            {s.reference && <Descriptions.Item label="Reference">{s.reference}</Descriptions.Item>}
            <Descriptions.Item label="Created by">
              {s.created_by.name} ({s.created_by.email}) · {formatDateTime(s.created_date)}
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} xl={10}>
          <NextPayments schedule={s} />
        </Col>
        <Col span={24}>
          <PastPayments schedule={s} />
        </Col>
      </Row>
      <RecordEditor def={paymentSchedules} open={editing} record={s} onClose={() => setEditing(false)} />
    </>
  );
}
