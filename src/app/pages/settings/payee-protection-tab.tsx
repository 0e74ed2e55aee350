/**
 * Settings → Payee protection (issue 29): how long a new or changed beneficiary's details wait (off,
 * 24 or 48 hours) and what a payment to it meets meanwhile (one more approval, or a refusal). Every
 * member reads it; the owner changes it (the server checks again).
 */
import { useEffect, useState } from "react";
import { Alert, Button, Card, Form, Radio, Skeleton, Space, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { payeeProtectionEndpoints, type PayeeProtection } from "../../../../resources/payee-protection.ts";
import { COOLING_HOURS, COOLING_MODES, type CoolingMode } from "../../../lib/payee-protection.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";

export default function PayeeProtectionTab() {
  const { can } = useSession();
  const t = useTranslate();
  const toast = useToast();
  const hoursLabels: Record<number, string> = {
    0: t("settings.payeeProtection.off"),
    24: t("settings.payeeProtection.hours", { hours: 24 }),
    48: t("settings.payeeProtection.hours", { hours: 48 }),
  };
  const modeLabels: Record<CoolingMode, string> = {
    EXTRA_APPROVAL: t("settings.payeeProtection.modes.extraApproval"),
    REFUSE: t("settings.payeeProtection.modes.refuse"),
  };
  const write = useWrite();
  const [saved, setSaved] = useState<PayeeProtection | null>(null);
  const [failed, setFailed] = useState(false);
  const [hours, setHours] = useState<number>(24);
  const [mode, setMode] = useState<CoolingMode>("EXTRA_APPROVAL");
  const [busy, setBusy] = useState(false);
  const canEdit = can("payee-protection", "edit");

  useEffect(() => {
    call(payeeProtectionEndpoints.show, {})
      .then((r) => (setSaved(r.data), setHours(r.data.cooling_hours), setMode(r.data.cooling_mode)))
      .catch(() => setFailed(true));
  }, []);

  async function save() {
    setBusy(true);
    try {
      const res = await write(payeeProtectionEndpoints.update, { body: { cooling_hours: hours as 0 | 24 | 48, cooling_mode: mode } });
      setSaved(res.data);
      toast.success(res.message);
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(false);
    }
  }

  if (failed) return <Alert type="error" showIcon message={t("settings.payeeProtection.loadError")} />;
  if (!saved) return <Skeleton active />;
  // Without approvals there is no one to ask for the extra approval: such payments are refused.
  const refusedAnyway = hours > 0 && mode === "EXTRA_APPROVAL" && !saved.approval_required;
  return (
    <Card title={t("settings.payeeProtection.title")} style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t("settings.payeeProtection.intro")}</Typography.Paragraph>
      <Form layout="vertical" onFinish={save}>
        <Form.Item label={t("settings.payeeProtection.period")}>
          <Radio.Group
            aria-label={t("settings.payeeProtection.period")}
            disabled={!canEdit}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            options={COOLING_HOURS.map((h) => ({ value: h, label: hoursLabels[h] }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label={t("settings.payeeProtection.duringLabel")}>
          <Radio.Group
            aria-label={t("settings.payeeProtection.during")}
            disabled={!canEdit || hours === 0}
            value={mode}
            onChange={(e) => setMode(e.target.value)}
          >
            <Space direction="vertical">
              {COOLING_MODES.map((m) => (
                <Radio key={m} value={m}>
                  {modeLabels[m]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {refusedAnyway && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("settings.payeeProtection.refusedAnyway")} />}
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={busy} disabled={busy || (hours === saved.cooling_hours && mode === saved.cooling_mode)}>
            {t("settings.save")}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t("settings.payeeProtection.ownerOnly")}</Typography.Text>
        )}
      </Form>
    </Card>
  );
}
