/**
 * What can be done to a payment from its details (SPEC §2, §4): approve or reject while it waits
 * (transactions_approve), retry when it failed in a retryable way (transactions_write).
 */
import { useState } from "react";
import { useInvalidate } from "@refinedev/core";
import { Button, Space } from "antd";
import { CheckOutlined, CloseOutlined, RedoOutlined } from "@ant-design/icons";
import { api } from "../../api/client.ts";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { rejectionBody, useDecisionConfirm } from "../../components/approvals/decision-confirm.tsx";

type Payment = { id: string; state: string; is_retryable: boolean; approval_request_id: string | null };
/** What the decision is about, in the confirmation: "2,500.00 USD to Harbor Freight". */
type Summary = string;

/** Maker-checker: whoever made a payment is not offered its approval (the server refuses it too). */

/** `resource`: whose lists and details refresh after a decision (banking or crypto history). */
export function PaymentActions({
  payment,
  initiator,
  summary,
  resource = "transactions",
}: {
  payment: Payment;
  initiator?: string | null;
  summary: Summary;
  resource?: "transactions" | "crypto-transactions";
}) {
  const { can, session } = useSession();
  const toast = useToast();
  const invalidate = useInvalidate();
  const confirm = useDecisionConfirm();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(name: string, method: string, path: string, body?: unknown) {
    setBusy(name);
    try {
      const res = await api(method, path, body);
      toast.success(res.message);
      await invalidate({ resource, invalidates: ["list", "detail"], id: payment.id });
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  }

  const ownPayment = !!initiator && initiator === session?.user.email;
  const approvable = payment.state === "PENDING_APPROVAL" && payment.approval_request_id && can("approval-requests", "approve") && !ownPayment;
  const retryable = payment.state === "FAILED" && payment.is_retryable && can("payments", "retry");
  if (!approvable && !retryable) return null;
  return (
    <Space style={{ marginTop: 16 }}>
      {approvable && (
        <>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={busy === "approve"}
            onClick={async () =>
              (await confirm.approve("Approve this payment?", summary)) && run("approve", "PATCH", `approval-requests/${payment.approval_request_id}/approve`)
            }
          >
            Approve payment
          </Button>
          <Button
            danger
            icon={<CloseOutlined />}
            loading={busy === "reject"}
            onClick={async () => {
              const reason = await confirm.reject("Reject this payment?", summary);
              if (reason !== null) await run("reject", "PATCH", `approval-requests/${payment.approval_request_id}/reject`, rejectionBody(reason));
            }}
          >
            Reject payment
          </Button>
        </>
      )}
      {retryable && (
        <Button icon={<RedoOutlined />} loading={busy === "retry"} disabled={!!busy} onClick={() => run("retry", "POST", `payments/${payment.id}/retry`)}>
          Retry Payment
        </Button>
      )}
    </Space>
  );
}
