/**
 * What can be done to a payment from its details (SPEC §2, §4): approve or reject while it waits
 * (transactions_approve), retry when it failed in a retryable way (transactions_write).
 */
import { useState } from "react";
import { Button, Space, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { CheckOutlined, CloseOutlined, RedoOutlined } from "@ant-design/icons";
import type { CallInput } from "../../api/call.ts";
import { useWrite } from "../../api/write.ts";
import type { Endpoint } from "../../../../resources/define-endpoint.ts";
import { paymentEndpoints } from "../../../../resources/payments.ts";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { rejectionBody, useDecisionConfirm } from "../../components/approvals/decision-confirm.tsx";
import { PendingApprovalImpact, usePendingRequest } from "../../components/approvals/approval-impact.tsx";

type Payment = { id: string; state: string; is_retryable: boolean; approval_request_id: string | null };
/** What the decision is about, in the confirmation: "2,500.00 USD to Harbor Freight". */
type Summary = string;

/** Maker-checker: whoever made a payment is not offered its approval (the server refuses it too). */

/** A decision or a retry refreshes what its endpoint declares it changes (the histories, the balances). */
export function PaymentActions({ payment, initiator, summary }: { payment: Payment; initiator?: string | null; summary: Summary }) {
  const { can, session } = useSession();
  const t = useTranslate();
  const toast = useToast();
  const write = useWrite();
  const confirm = useDecisionConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const [decided, setDecided] = useState(0);

  async function run<E extends Endpoint>(name: string, endpoint: E, input: CallInput<E>) {
    setBusy(name);
    try {
      toast.success((await write(endpoint, input)).message);
      setDecided((n) => n + 1);
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  }

  const ownPayment = !!initiator && initiator === session?.user.email;
  const approvalId = payment.approval_request_id;
  const waiting = payment.state === "PENDING_APPROVAL" && !!approvalId && can("approval-requests", "approve") && !ownPayment;
  const request = usePendingRequest(payment.id, waiting, decided);
  // An approver gives one approval: once given, the request waits for someone else (the server answers 409 to a second).
  const approvedByMe = !!request?.approved_by.some((a) => a.email === session?.user.email);
  const approvable = waiting && !approvedByMe;
  const retryable = payment.state === "FAILED" && payment.is_retryable && can("payments", "retry");
  if (!waiting && !retryable) return null;
  return (
    <>
      {/* What approving it does (issue 29), before the decision. */}
      {waiting && <PendingApprovalImpact entityId={payment.id} request={request} />}
      {waiting && approvedByMe && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t("transactions.actions.youApproved", { count: request!.approvals_remaining })}
        </Typography.Paragraph>
      )}
      <Space style={{ marginTop: 16 }}>
        {approvable && (
          <>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={busy === "approve"}
              onClick={async () =>
                (await confirm.approve(t("transactions.actions.approveConfirm"), summary)) &&
                run("approve", paymentEndpoints.approve, { params: { id: approvalId! } })
              }
            >
              {t("transactions.actions.approve")}
            </Button>
            <Button
              danger
              icon={<CloseOutlined />}
              loading={busy === "reject"}
              onClick={async () => {
                const reason = await confirm.reject(t("transactions.actions.rejectConfirm"), summary);
                if (reason !== null) await run("reject", paymentEndpoints.reject, { params: { id: approvalId! }, body: rejectionBody(reason) });
              }}
            >
              {t("transactions.actions.reject")}
            </Button>
          </>
        )}
        {retryable && (
          <Button
            icon={<RedoOutlined />}
            loading={busy === "retry"}
            disabled={!!busy}
            onClick={() => run("retry", paymentEndpoints.retry, { params: { id: payment.id } })}
          >
            {t("transactions.actions.retry")}
          </Button>
        )}
      </Space>
    </>
  );
}
