/**
 * Settings → Payee protection (issue 29): how long a new or changed beneficiary's details wait (off,
 * 24 or 48 hours) and what a payment to it meets meanwhile (one more approval, or a refusal). Every
 * member reads it; the owner changes it (the server checks again).
 */
import { useEffect, useState } from "react";
import { Alert, Button, Card, Form, Radio, Skeleton, Space, Typography } from "antd";
import { payeeProtectionEndpoints, type PayeeProtection } from "../../../../resources/payee-protection.ts";
import { COOLING_HOURS, COOLING_MODES, COOLING_MODE_LABELS, type CoolingMode } from "../../../lib/payee-protection.ts";
import { call } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";

const HOURS_LABELS: Record<number, string> = { 0: "Off", 24: "24 hours", 48: "48 hours" };

export default function PayeeProtectionTab() {
  const { can } = useSession();
  const toast = useToast();
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

  if (failed) return <Alert type="error" showIcon message="Error fetching payee protection" />;
  if (!saved) return <Skeleton active />;
  // Without approvals there is no one to ask for the extra approval: such payments are refused.
  const refusedAnyway = hours > 0 && mode === "EXTRA_APPROVAL" && !saved.approval_required;
  return (
    <Card title="Cooling period for new or changed beneficiaries" style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">
        A fraudster's favourite trick is a supplier's bank details "updated" by email. After a beneficiary is added, or its bank details or wallet address
        change, payments to it wait out this period: they need one more approval than the rules ask, or are refused until it ends. The beneficiary shows "New —
        details can be paid from …" meanwhile.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={save}>
        <Form.Item label="Cooling period">
          <Radio.Group
            aria-label="Cooling period"
            disabled={!canEdit}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            options={COOLING_HOURS.map((h) => ({ value: h, label: HOURS_LABELS[h] }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label="During the cooling period, a payment">
          <Radio.Group aria-label="During the cooling period" disabled={!canEdit || hours === 0} value={mode} onChange={(e) => setMode(e.target.value)}>
            <Space direction="vertical">
              {COOLING_MODES.map((m) => (
                <Radio key={m} value={m}>
                  {COOLING_MODE_LABELS[m]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {refusedAnyway && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="Your business does not ask for approvals, so payments to a beneficiary in its cooling period are refused until it ends."
          />
        )}
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={busy} disabled={busy || (hours === saved.cooling_hours && mode === saved.cooling_mode)}>
            Save
          </Button>
        ) : (
          <Typography.Text type="secondary">Only the business's owner changes this.</Typography.Text>
        )}
      </Form>
    </Card>
  );
}
