/**
 * Edit a payment schedule (issue 29): another amount per payment, or the next payment on another day.
 * Only what changed is sent (PATCH /api/payment-schedules/:id, checked by UpdatePaymentSchedule); with
 * approvals on, the change waits for approval like a new schedule and the schedule says so.
 */
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Button, Form, Modal, Space, Typography } from "antd";
import { paymentScheduleEndpoints, UpdatePaymentSchedule, type PaymentSchedule } from "../../../../resources/payment-schedules.ts";
import { nextBusinessDay } from "../../../lib/schedule-dates.ts";
import { todayUtc } from "../../../lib/dates.ts";
import { isApiError } from "../../api/client.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { MoneyInput } from "../../components/resource/money-input.tsx";
import { moneyProblem } from "../../components/resource/money-field.ts";
import type { EditScreenProps } from "../../components/resource/screens.tsx";
import { ScheduleDayPicker } from "../../components/schedule/schedule-fields.tsx";
import { issuesByField } from "../../components/schedule/schedule-draft.ts";
import { formatScheduleDay } from "../../components/schedule/schedule-preview.tsx";
import { closable } from "../../providers/notification-provider.ts";
import { useFeedback } from "../../providers/feedback.tsx";

export default function PaymentScheduleEdit({ open, record, onClose }: EditScreenProps) {
  const schedule = record as unknown as PaymentSchedule;
  const currency = schedule.amount.currency;
  const toast = useToast();
  const { notification } = useFeedback();
  const write = useWrite();
  const t = useTranslate();
  const [amount, setAmount] = useState<string | undefined>(schedule.amount.value);
  const [nextDate, setNextDate] = useState<string | null>(schedule.next_date);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const movedTo = schedule.kind === "bank" && nextDate ? nextBusinessDay(nextDate) : nextDate;

  async function save() {
    // Only what changed: an unchanged amount or date is not an edit to approve.
    const body: { amount?: string; next_date?: string } = {};
    if (amount !== schedule.amount.value) body.amount = amount ?? "";
    if (nextDate && nextDate !== schedule.next_date) body.next_date = nextDate;
    const parsed = UpdatePaymentSchedule.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (body.next_date && body.next_date < todayUtc()) found.next_date = t("payments.scheduleEdit.nextInPast");
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const res = await write(paymentScheduleEndpoints.update, { params: { id: schedule.id }, body });
      if (res.data.pending_change)
        notification.info({
          closable: closable(),
          message: t("payments.scheduleEdit.waits"),
          description: t("payments.scheduleEdit.waitsDescription"),
          placement: "topRight",
        });
      else toast.success(res.message || t("payments.scheduleEdit.updated"));
      onClose();
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) setErrors(Object.fromEntries(e.errors.filter((x) => x.path === "amount" || x.path === "next_date").map((x) => [x.path, x.message])));
    } finally {
      setSaving(false);
    }
  }

  const amountHelp = errors.amount && (moneyProblem(amount, currency, t("payments.common.amountPerPayment"), t) ?? errors.amount);
  return (
    <Modal
      title={t("payments.scheduleEdit.title", { name: schedule.beneficiary.name })}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} disabled={saving}>
            {t("payments.common.cancel")}
          </Button>
          <Button type="primary" onClick={save} loading={saving}>
            {t("payments.scheduleEdit.save")}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={t("payments.common.amountPerPayment")}
          htmlFor="schedule-edit-amount"
          validateStatus={amountHelp ? "error" : undefined}
          help={amountHelp}
        >
          <MoneyInput id="schedule-edit-amount" value={amount} onChange={setAmount} currency={currency} />
        </Form.Item>
        <Form.Item
          label={t("payments.scheduleEdit.nextDate")}
          htmlFor="schedule-edit-next-date"
          validateStatus={errors.next_date ? "error" : undefined}
          help={errors.next_date}
          extra={
            movedTo && movedTo !== nextDate
              ? `${t("payments.scheduleEdit.madeOn", { date: formatScheduleDay(movedTo) })} ${t("schedule.weekendRule")}`
              : undefined
          }
        >
          <ScheduleDayPicker id="schedule-edit-next-date" value={nextDate} onChange={setNextDate} />
        </Form.Item>
        {errors[""] && <Alert type="error" showIcon message={errors[""]} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t("payments.scheduleEdit.approvalNote")}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
