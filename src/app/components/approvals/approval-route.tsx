/**
 * The approval route of a payment before it is sent (issue 15): how many approvals it will need,
 * why (the business's rule that matches it), and who can give them — never the maker. Nothing is
 * shown when the business does not ask for approvals. Asked of the server, which applies the same
 * rules when the payment is made.
 */
import { useQuery } from "@tanstack/react-query";
import { Alert, Space, Tag, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { AuditOutlined } from "@ant-design/icons";
import { approvalRuleEndpoints, RULE_CURRENCIES } from "../../../../resources/approval-rules.ts";
import { call } from "../../api/call.ts";

/** beneficiaryId: the saved payee, when chosen: one in its cooling period asks one more approval (payee protection). */
type Props = { scope: "FIAT" | "CRYPTO" | "BULK"; currency?: string; amount?: string | null; beneficiaryId?: string | null };

/** Rules name these currencies only: for any other the server would refuse the question, so it is not asked. */
const isRuleCurrency = (c: string | undefined): c is (typeof RULE_CURRENCIES)[number] => RULE_CURRENCIES.some((r) => r === c);

export function ApprovalRoute({ scope, currency, amount, beneficiaryId }: Props) {
  const t = useTranslate();
  const ready = isRuleCurrency(currency) && !!amount && /^\d+$/.test(amount) && BigInt(amount) > 0n;
  const route = useQuery({
    queryKey: ["approval-rules", "route", scope, currency, amount, beneficiaryId],
    queryFn: async () => {
      // Only asked once `ready`: a rule currency and a positive whole amount.
      if (!isRuleCurrency(currency) || !amount) return null;
      const body = { scope, currency, amount, ...(beneficiaryId ? { beneficiary_id: beneficiaryId } : {}) };
      return (await call(approvalRuleEndpoints.preview, { body })).data;
    },
    enabled: ready,
    staleTime: 30_000,
  });
  const r = route.data;
  if (!ready || !r?.approval_needed) return null;
  return (
    <Alert
      role="region"
      aria-label={t("approvals.route.title")}
      type={r.warning ? "warning" : "info"}
      icon={<AuditOutlined />}
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <>
          <Typography.Text strong>{t("approvals.route.title")}</Typography.Text>: {r.reason}
        </>
      }
      description={
        <Space direction="vertical" size={4}>
          <span>
            {r.approvers.length ? `${t("approvals.route.canApprove")} ` : t("approvals.route.nobody")}
            {r.approvers.map((a) => (
              <Tag key={a.email} color={r.required_role && a.roles.includes(r.required_role) ? "blue" : undefined}>
                {a.name} ({a.roles.join(", ")})
              </Tag>
            ))}
          </span>
          {r.warning && <Typography.Text type="warning">{r.warning}</Typography.Text>}
        </Space>
      }
    />
  );
}
