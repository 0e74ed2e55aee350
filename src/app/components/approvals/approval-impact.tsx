/**
 * What approving a request does (issue 29 part 3): compact in the approvals list (the balance after
 * and a flag icon), in full in the request's details (the expanded row): the balance after it and
 * after the scheduled payments due before it settles, the FX cost against the mid rate, the rule that
 * routed it, the beneficiary's history and payee protection's warnings.
 */
import { useEffect, useState } from "react";
import { Alert, Descriptions, Space, Tooltip, Typography, theme } from "antd";
import { useTranslate } from "@refinedev/core";
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

type T = ReturnType<typeof useTranslate>;

const scheduledWhy = (through: string, t: T) => t("approvals.impact.scheduledWhy", { date: formatDay(through) });

/** The list's column: the balance after, and a warning icon when payee protection raised anything. */
export function ApprovalImpactCompact({ r }: { r: ApprovalRequest }) {
  const { token } = theme.useToken();
  const t = useTranslate();
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
          <WarningFilled style={{ color: token.colorWarning }} aria-label={t("approvals.impact.payeeWarnings", { count: flags.length })} />
        </Tooltip>
      )}
    </Space>
  );
}

/** "after scheduled: 1,200.00 USD", only when scheduled payments change it. */
function LaterBalance({ impact }: { impact: Impact }) {
  const t = useTranslate();
  const s = impact.scheduled_before_settlement;
  if (!s || s.count === 0 || !impact.balance_after_scheduled) return null;
  return (
    <Tooltip title={scheduledWhy(s.through, t)}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t("approvals.impact.afterScheduled", {
          amount: formatMoney(impact.balance_after_scheduled.value, impact.balance_after_scheduled.currency),
        })}
      </Typography.Text>
    </Tooltip>
  );
}

/** The details: every figure, with what it means. */
export function ApprovalImpactDetails({ r }: { r: ApprovalRequest }) {
  const t = useTranslate();
  const i = r.impact;
  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="approval-impact">
      {r.payee_flags.map((f) => (
        <Alert key={`${f.kind}:${f.message}`} type="warning" showIcon message={f.message} />
      ))}
      <Descriptions size="small" column={1} bordered>
        {i?.balance_after && (
          <Descriptions.Item label={t("approvals.impact.balanceAfter")}>
            <MoneyText minor={i.balance_after.value} currency={i.balance_after.currency} strong />
            <Typography.Text type="secondary">{` ${t("approvals.impact.inSource", { name: i.source.name })}`}</Typography.Text>
          </Descriptions.Item>
        )}
        {i?.balance_after_scheduled && i.scheduled_before_settlement && (
          <Descriptions.Item
            label={
              <Tooltip title={scheduledWhy(i.scheduled_before_settlement.through, t)}>
                <span>
                  {t("approvals.impact.afterScheduledDue", { date: formatDay(i.scheduled_before_settlement.through) })} <InfoCircleOutlined />
                </span>
              </Tooltip>
            }
          >
            <MoneyText minor={i.balance_after_scheduled.value} currency={i.balance_after_scheduled.currency} />
            <Typography.Text type="secondary">
              {i.scheduled_before_settlement.count === 0
                ? ` ${t("approvals.impact.noneDue")}`
                : ` ${t("approvals.impact.scheduledCount", {
                    count: i.scheduled_before_settlement.count,
                    total: formatMoney(i.scheduled_before_settlement.total.value, i.scheduled_before_settlement.total.currency),
                  })}`}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {i?.fx_cost && (
          <Descriptions.Item label={t("approvals.impact.fxCost")}>
            <Tooltip
              title={t("approvals.impact.fxRates", {
                mid: rateLine(i.fx_cost.amount.currency, i.fx_cost.destination_currency, i.fx_cost.mid_rate),
                applied: rateLine(i.fx_cost.amount.currency, i.fx_cost.destination_currency, i.fx_cost.rate),
              })}
            >
              <span data-testid="impact-fx-cost">{`${formatMoney(i.fx_cost.amount.value, i.fx_cost.amount.currency)} (${i.fx_cost.percent} %)`}</span>
            </Tooltip>
          </Descriptions.Item>
        )}
        {r.rule_reason && <Descriptions.Item label={t("approvals.impact.rule")}>{r.rule_reason}</Descriptions.Item>}
        {i?.beneficiary_history && (
          <Descriptions.Item label={t("approvals.impact.history")}>
            <span data-testid="impact-history">{historyText(i.beneficiary_history, t)}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}

/** "First payment to this beneficiary", or "3 completed payments before; last 1,200.00 USD on 25 Nov 2026, 10:02". */
function historyText(h: NonNullable<Impact["beneficiary_history"]>, t: T) {
  if (h.first_payment) return t("approvals.impact.firstPayment");
  const count = t("approvals.impact.completedBefore", { count: h.completed_before });
  const amount = h.last_amount ? formatMoney(h.last_amount.value, h.last_amount.currency) : "";
  const last = h.last_amount
    ? h.last_date
      ? t("approvals.impact.lastOn", { amount, date: formatDateTime(h.last_date) })
      : t("approvals.impact.last", { amount })
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
