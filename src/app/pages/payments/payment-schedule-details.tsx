/**
 * /payments/scheduled/:id (issue 29): a payment schedule's facts, its actions as the declaration
 * gives them (Pause, Resume, Cancel schedule) with Edit (amount per payment or next date, approved like
 * a new schedule), an edit waiting for approval, its next five payments and its past payments.
 */
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslate } from "@refinedev/core";
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
import { frequencyText, scheduleTitleText } from "../../i18n/shared-labels.ts";

function endText(t: ReturnType<typeof useTranslate>, s: ScheduleDetails) {
  if (s.frequency === "ONCE") return t("payments.scheduleDetails.endAfterOne");
  if (s.end_kind === "AFTER") return t("payments.scheduleDetails.endAfter", { count: s.end_after ?? 0, made: s.payments_made });
  if (s.end_kind === "ON_DATE" && s.end_date) return t("payments.scheduleDetails.endOn", { date: formatScheduleDay(s.end_date) });
  return t("payments.scheduleDetails.endNever");
}

/** An edit waiting for approval: what it changes. */
function PendingChange({ schedule: s }: { schedule: ScheduleDetails }) {
  const t = useTranslate();
  const change = s.pending_change;
  if (!change) return null;
  const parts = [
    change.amount && t("payments.scheduleDetails.changeAmount", { amount: formatMoney(change.amount.value, change.amount.currency) }),
    change.next_date && t("payments.scheduleDetails.changeNextDate", { date: formatScheduleDay(change.next_date) }),
  ].filter(Boolean);
  return (
    <Space wrap>
      <span>{parts.join(", ")}</span>
      <Tag color="gold">{t("payments.scheduleDetails.waiting")}</Tag>
    </Space>
  );
}

export default function PaymentScheduleDetailsPage() {
  const { id = "" } = useParams();
  const { canEdit } = useResourceAccess(paymentSchedules);
  const [editing, setEditing] = useState(false);
  const t = useTranslate();
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
        {t("payments.scheduleDetails.back")}
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
          message={notFound ?? t("payments.scheduleDetails.loadError")}
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
            <PageTitle style={{ margin: 0 }}>
              {scheduleTitleText(
                t,
                paymentSchedules.recordTitle(s),
                { frequency: s.frequency, startDate: s.start_date, dayOfMonth: s.day_of_month },
                s.beneficiary.name,
              )}
            </PageTitle>
            <ScheduleStateTag state={s.state} />
          </Space>
          <div>
            <Typography.Text type="secondary">
              {s.kind === "bank" ? t("payments.scheduleDetails.bankPayment") : t("payments.scheduleDetails.stablecoinSend")}
            </Typography.Text>
          </div>
        </div>
        <Flex gap={8} wrap>
          {canEdit && editableInState(paymentSchedules, s) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t("payments.scheduleDetails.edit")}
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
          message={t("payments.scheduleDetails.refreshError")}
          action={
            <Button size="small" onClick={() => query.refetch()}>
              {t("payments.common.refresh")}
            </Button>
          }
        />
      )}
      {s.state === "PENDING_APPROVAL" && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("payments.scheduleDetails.pending")}
          description={t("payments.scheduleDetails.pendingDescription")}
        />
      )}
      {s.pending_change && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("payments.scheduleDetails.changePending")}
          description={<PendingChange schedule={s} />}
        />
      )}

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Descriptions column={1} bordered size="small" aria-label={t("payments.scheduleDetails.label")}>
            <Descriptions.Item label={t("payments.common.beneficiary")}>{s.beneficiary.name}</Descriptions.Item>
            <Descriptions.Item label={t("payments.common.from")}>
              {s.source.name} ({s.source.currency})
            </Descriptions.Item>
            <Descriptions.Item label={t("payments.common.amountPerPayment")}>
              <Typography.Text strong>{formatMoney(s.amount.value, s.amount.currency)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t("payments.scheduleDetails.frequency")}>
              {frequencyText(t, { frequency: s.frequency, startDate: s.start_date, dayOfMonth: s.day_of_month })}
            </Descriptions.Item>
            <Descriptions.Item label={s.frequency === "ONCE" ? t("payments.scheduleDetails.paymentDate") : t("payments.scheduleDetails.starts")}>
              {formatScheduleDay(s.start_date)}
            </Descriptions.Item>
            <Descriptions.Item label={t("payments.scheduleDetails.ends")}>{endText(t, s)}</Descriptions.Item>
            <Descriptions.Item label={t("payments.scheduleDetails.nextPayment")}>{s.next_date ? formatScheduleDay(s.next_date) : "—"}</Descriptions.Item>
            <Descriptions.Item label={t("payments.scheduleDetails.paymentsMade")}>{s.payments_made}</Descriptions.Item>
            {s.frequency !== "ONCE" && (
              <Descriptions.Item label={t("payments.scheduleDetails.ifFails")}>
                {s.pause_after_failure ? t("payments.scheduleDetails.paused") : t("payments.scheduleDetails.goesOn")}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t("payments.common.status")}>
              <ScheduleStateTag state={s.state} />
            </Descriptions.Item>
            {s.pending_change && (
              <Descriptions.Item label={t("payments.scheduleDetails.pendingChange")}>
                <PendingChange schedule={s} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t("payments.common.description")}>{s.description || "—"}</Descriptions.Item>
            {s.reference && <Descriptions.Item label={t("payments.common.reference")}>{s.reference}</Descriptions.Item>}
            <Descriptions.Item label={t("payments.scheduleDetails.createdBy")}>
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
