/**
 * The approval route of a payment before it is sent (issue 15): how many approvals it will need,
 * why (the business's rule that matches it), and who can give them — never the maker. Nothing is
 * shown when the business does not ask for approvals. Asked of the server, which applies the same
 * rules when the payment is made.
 */
import { useQuery } from "@tanstack/react-query";
import { Alert, Space, Tag, Typography } from "antd";
import { AuditOutlined } from "@ant-design/icons";
import type { ApprovalPreview } from "../../../../resources/approval-rules.ts";
import { api } from "../../api/client.ts";

type Props = { scope: "FIAT" | "CRYPTO" | "BULK"; currency?: string; amount?: string | null };

export function ApprovalRoute({ scope, currency, amount }: Props) {
  const ready = !!currency && !!amount && /^\d+$/.test(amount) && BigInt(amount) > 0n;
  const route = useQuery({
    queryKey: ["approval-route", scope, currency, amount],
    queryFn: async () => (await api<ApprovalPreview>("POST", "approval-rules/preview", { scope, currency, amount })).data,
    enabled: ready,
    staleTime: 30_000,
  });
  const r = route.data;
  if (!ready || !r?.approval_needed) return null;
  return (
    <Alert
      role="region"
      aria-label="Approval route"
      type={r.warning ? "warning" : "info"}
      icon={<AuditOutlined />}
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <>
          <Typography.Text strong>Approval route</Typography.Text>: {r.reason}
        </>
      }
      description={
        <Space direction="vertical" size={4}>
          <span>
            {r.approvers.length ? "Can approve: " : "Nobody else can approve payments yet."}
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
