/**
 * The review of a schedule on the send screens (issue 29): what will be paid, when, the approval
 * route of one payment (a schedule is approved once), the one-time code for members with two-factor
 * sign-in, then POST /api/payment-schedules with one Idempotency-Key per confirmation (kept across
 * retries), and on to the schedule's details.
 */
import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Descriptions, Form, Space, Typography } from "antd";
import { ArrowLeftOutlined, ScheduleOutlined } from "@ant-design/icons";
import { paymentScheduleEndpoints } from "../../../../resources/payment-schedules.ts";
import { upcoming } from "../../../lib/schedule-dates.ts";
import { frequencyText } from "../../i18n/shared-labels.ts";
import { formatMoney } from "../../../lib/money.ts";
import { isApiError } from "../../api/client.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { idempotencyHeader, newIdempotencyKey } from "../../lib/idempotency.ts";
import { ApprovalRoute } from "../approvals/approval-route.tsx";
import { OneTimeCodeInput, useOneTimeCode } from "../money/one-time-code.tsx";
import { ruleOf, type ScheduleBody, type TimingValues } from "./schedule-draft.ts";
import { formatScheduleDay, SchedulePreview } from "./schedule-preview.tsx";

type Props = {
  body: ScheduleBody;
  /** The timing as chosen, for the summary and the preview. */
  timing: TimingValues;
  currency: string;
  from: React.ReactNode;
  to: React.ReactNode;
  /** Facts of the payment itself shown under the amount (a conversion note, a network fee). */
  extra?: React.ReactNode;
  onBack: () => void;
};

function endText(t: ReturnType<typeof useTranslate>, v: TimingValues) {
  if (v.frequency === "ONCE") return t("schedule.review.endAfterThis");
  if (v.end_kind === "AFTER") return t("schedule.review.endAfter", { count: v.end_after ?? 0 });
  if (v.end_kind === "ON_DATE" && v.end_date) return t("schedule.review.endOn", { date: formatScheduleDay(v.end_date) });
  return t("schedule.review.endNever");
}

export function ScheduleReview({ body, timing, currency, from, to, extra, onBack }: Props) {
  const navigate = useNavigate();
  const toast = useToast();
  const write = useWrite();
  const otp = useOneTimeCode();
  const t = useTranslate();
  // One key for this confirmation: a retry of it (a lost answer, a double click) schedules once.
  const [key] = useState(newIdempotencyKey);
  const [sending, setSending] = useState(false);
  const rule = ruleOf(timing);
  const rail = body.kind === "bank" ? "fiat" : "crypto";
  // The first payment's day: the first chosen day of the month on or after the start, moved off a weekend for a bank payment.
  const first = upcoming(rule, rail, 0, 1)[0];
  const amount = String(body.amount);

  async function confirm() {
    setSending(true);
    try {
      const res = await write(paymentScheduleEndpoints.create, { body, headers: { ...idempotencyHeader(key), ...otp.headers() } });
      toast.success(res.data.state === "PENDING_APPROVAL" ? t("schedule.review.sentForApproval") : t("schedule.review.scheduled"));
      navigate(`/payments/scheduled/${res.data.id}`);
    } catch (e) {
      toast.error(e);
      // A code is used up once checked; without an answer the same key and code may be sent again.
      if (isApiError(e)) otp.reset();
      setSending(false);
    }
  }

  return (
    <>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} aria-label={t("schedule.review.summary")}>
        <Descriptions.Item label={t("schedule.review.from")}>{from}</Descriptions.Item>
        <Descriptions.Item label={t("schedule.review.to")}>{to}</Descriptions.Item>
        <Descriptions.Item label={t("schedule.review.amountPerPayment")}>
          <Typography.Text strong>{formatMoney(amount, currency)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("schedule.review.frequency")}>
          {frequencyText(t, { frequency: rule.frequency, startDate: rule.startDate, dayOfMonth: rule.dayOfMonth })}
        </Descriptions.Item>
        <Descriptions.Item label={timing.frequency === "ONCE" ? t("schedule.review.paymentDate") : t("schedule.review.firstPayment")}>
          {formatScheduleDay(first?.date ?? timing.start_date)}
        </Descriptions.Item>
        <Descriptions.Item label={t("schedule.review.ends")}>{endText(t, timing)}</Descriptions.Item>
        {timing.frequency !== "ONCE" && (
          <Descriptions.Item label={t("schedule.review.ifFails")}>
            {timing.pause_after_failure ? t("schedule.review.paused") : t("schedule.review.goesOn")}
          </Descriptions.Item>
        )}
        {body.description ? <Descriptions.Item label={t("schedule.review.description")}>{body.description}</Descriptions.Item> : null}
        {body.reference ? <Descriptions.Item label={t("schedule.review.reference")}>{body.reference}</Descriptions.Item> : null}
      </Descriptions>
      {extra}
      <SchedulePreview rule={rule} rail={rail} />
      <ApprovalRoute scope={body.kind === "bank" ? "FIAT" : "CRYPTO"} currency={currency} amount={amount} beneficiaryId={body.beneficiary_id} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("schedule.review.balanceNote")} />
      <Form layout="vertical" component="div">
        <OneTimeCodeInput otp={otp} request={{ endpoint: paymentScheduleEndpoints.create, body }} />
      </Form>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} disabled={sending}>
          {t("schedule.review.back")}
        </Button>
        <Button type="primary" icon={<ScheduleOutlined />} onClick={confirm} loading={sending} disabled={!otp.ready}>
          {t("schedule.review.confirm")}
        </Button>
      </Space>
    </>
  );
}
