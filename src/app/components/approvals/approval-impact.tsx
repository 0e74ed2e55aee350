/**
 * What approving a request does (issue 29 part 3): compact in the approvals list (the balance after
 * and a flag icon), in full in the request's details (the expanded row): the balance after it and
 * after the scheduled payments due before it settles, the FX cost against the mid rate, the rule that
 * routed it, the beneficiary's history and payee protection's warnings.
 */
import { useEffect, useState } from "react";
import { Alert, Descriptions, Space, Tooltip, Typography, theme } from "antd";
import { InfoCircleOutlined, WarningFilled } from "@ant-design/icons";
import { MoneyText } from "../money/figures.tsx";
import { formatMoney } from "../../../lib/money.ts";
import { formatDateTime, formatDay } from "../../../lib/dates.ts";
import { rateLine } from "../../../lib/rate-display.ts";
import type { z } from "zod";
import { paymentEndpoints, type ApprovalRequest as ApprovalRequestSchema } from "../../../../resources/payments.ts";
import { call } from "../../api/call.ts";

type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

type Impact = NonNullable<ApprovalRequest["impact"]>;

const scheduledWhy = (through: string) =>
  `Scheduled payments from this account or wallet due from today through ${formatDay(through)}, the next business day: they leave before an approval given now can settle. Their fees are not included.`;

/** The list's column: the balance after, and a warning icon when payee protection raised anything. */
export function ApprovalImpactCompact({ r }: { r: ApprovalRequest }) {
  const { token } = theme.useToken();
  const after = r.impact?.balance_after;
  const flags = r.payee_flags;
  return (
    <Space size={6} align="start">
      {after ? (
        <Space direction="vertical" size={0}>
          <MoneyText minor={after.value} currency={after.currency} data-testid="impact-balance-after" />
          <LaterBalance impact={r.impact!} />
        </Space>
      ) : (
        "—"
      )}
      {flags.length > 0 && (
        <Tooltip title={flags.map((f) => f.message).join(" · ")}>
          <WarningFilled style={{ color: token.colorWarning }} aria-label={`${flags.length} payee warning${flags.length === 1 ? "" : "s"}`} />
        </Tooltip>
      )}
    </Space>
  );
}

/** "after scheduled: 1,200.00 USD", only when scheduled payments change it. */
function LaterBalance({ impact }: { impact: Impact }) {
  const s = impact.scheduled_before_settlement;
  if (!s || s.count === 0 || !impact.balance_after_scheduled) return null;
  return (
    <Tooltip title={scheduledWhy(s.through)}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {`after scheduled: ${formatMoney(impact.balance_after_scheduled.value, impact.balance_after_scheduled.currency)}`}
      </Typography.Text>
    </Tooltip>
  );
}

/** The details: every figure, with what it means. */
export function ApprovalImpactDetails({ r }: { r: ApprovalRequest }) {
  const i = r.impact;
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="approval-impact">
      {r.payee_flags.map((f) => (
        <Alert key={`${f.kind}:${f.message}`} type="warning" showIcon message={f.message} />
      ))}
      <Descriptions size="small" column={1} bordered>
        {i?.balance_after && (
          <Descriptions.Item label="Balance after this payment">
            <MoneyText minor={i.balance_after.value} currency={i.balance_after.currency} strong />
            <Typography.Text type="secondary">{` in ${i.source.name}`}</Typography.Text>
          </Descriptions.Item>
        )}
        {i?.balance_after_scheduled && i.scheduled_before_settlement && (
          <Descriptions.Item
            label={
              <Tooltip title={scheduledWhy(i.scheduled_before_settlement.through)}>
                <span>
                  After scheduled payments due by {formatDay(i.scheduled_before_settlement.through)} <InfoCircleOutlined />
                </span>
              </Tooltip>
            }
          >
            <MoneyText minor={i.balance_after_scheduled.value} currency={i.balance_after_scheduled.currency} />
            <Typography.Text type="secondary">
              {i.scheduled_before_settlement.count === 0
                ? " (none due)"
                : ` (${i.scheduled_before_settlement.count} scheduled, ${formatMoney(i.scheduled_before_settlement.total.value, i.scheduled_before_settlement.total.currency)})`}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {i?.fx_cost && (
          <Descriptions.Item label="FX cost against the mid rate">
            <Tooltip
              title={`Mid ${rateLine(i.fx_cost.amount.currency, i.fx_cost.destination_currency, i.fx_cost.mid_rate)}; applied ${rateLine(i.fx_cost.amount.currency, i.fx_cost.destination_currency, i.fx_cost.rate)}`}
            >
              <span data-testid="impact-fx-cost">{`${formatMoney(i.fx_cost.amount.value, i.fx_cost.amount.currency)} (${i.fx_cost.percent} %)`}</span>
            </Tooltip>
          </Descriptions.Item>
        )}
        {r.rule_reason && <Descriptions.Item label="Approval rule">{r.rule_reason}</Descriptions.Item>}
        {i?.beneficiary_history && (
          <Descriptions.Item label="Beneficiary history">
            <span data-testid="impact-history">{historyText(i.beneficiary_history)}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}

/** "First payment to this beneficiary", or "3 completed payments before; last 1,200.00 USD on 25 Nov 2026, 10:02". */
function historyText(h: NonNullable<Impact["beneficiary_history"]>) {
  if (h.first_payment) return "First payment to this beneficiary";
  const count = `${h.completed_before} completed payment${h.completed_before === 1 ? "" : "s"} before`;
  const last = h.last_amount
    ? `; last ${formatMoney(h.last_amount.value, h.last_amount.currency)}${h.last_date ? ` on ${formatDateTime(h.last_date)}` : ""}`
    : "";
  return count + last;
}

/** The request a payment or bulk file waits on (null until read, or when there is none); read again when `version` moves. */
export function usePendingRequest(entityId: string, enabled = true, version = 0) {
  const [r, setR] = useState<ApprovalRequest | null>(null);
  useEffect(() => {
    if (!enabled) return;
    call(paymentEndpoints.listApprovals, { query: { page: 1, limit: 1, entity_id: entityId, "state[]": "PENDING" } })
      .then((res) => setR(res.data.items[0] ?? null))
      // The buttons still work without it: the list modal shows the same figures.
      .catch(() => setR(null));
  }, [entityId, enabled, version]);
  return r;
}

/** A payment's details page, while it waits: its request's impact, above the Approve and Reject buttons. */
export function PendingApprovalImpact({ entityId, request }: { entityId: string; request?: ApprovalRequest | null }) {
  const fetched = usePendingRequest(entityId, request === undefined);
  const r = request === undefined ? fetched : request;
  return r ? (
    <div style={{ marginTop: 16 }}>
      <ApprovalImpactDetails r={r} />
    </div>
  ) : null;
}
