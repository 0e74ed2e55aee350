/**
 * Decisions that cannot be undone ask first (issue 26): approving says what goes out (for a batch,
 * how many requests and the total per currency); rejecting asks for a reason (optional), which the
 * server keeps with the decision, shows in the payment's details and records in the audit log.
 */
import type { ReactNode } from "react";
import { Input, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { REJECTION_REASON_MAX } from "../../../../resources/payments.ts";
import { formatMoney } from "../../../lib/money.ts";
import { useFeedback } from "../../providers/feedback.tsx";

/** "1,250.00 USD and 500,000.00 NGN": exact totals per currency, in minor units. */
export function totalsText(amounts: { value: string; currency: string }[], t: ReturnType<typeof useTranslate>) {
  const totals = new Map<string, bigint>();
  for (const a of amounts) totals.set(a.currency, (totals.get(a.currency) ?? 0n) + BigInt(a.value));
  return [...totals].map(([currency, v]) => formatMoney(v, currency)).join(t("approvals.totalsSeparator"));
}

export function useDecisionConfirm() {
  const { modal } = useFeedback();
  const t = useTranslate();
  return {
    /** Resolves true once the person confirms the approval described. */
    approve: (title: string, content: ReactNode) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText: t("approvals.approve"),
          cancelText: t("approvals.cancel"),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    /** Resolves the reason ("" for none) once the person confirms the rejection, or null if they do not. */
    reject: (title: string, content: ReactNode) =>
      new Promise<string | null>((resolve) => {
        let reason = "";
        modal.confirm({
          title,
          content: (
            <>
              {content}
              <Typography.Paragraph style={{ margin: "12px 0 4px" }}>{t("approvals.reason")}</Typography.Paragraph>
              <Input.TextArea
                aria-label={t("approvals.reason")}
                maxLength={REJECTION_REASON_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
                onChange={(e) => (reason = e.target.value)}
              />
            </>
          ),
          okText: t("approvals.reject"),
          okButtonProps: { danger: true },
          cancelText: t("approvals.cancel"),
          onOk: () => resolve(reason.trim()),
          onCancel: () => resolve(null),
        });
      }),
  };
}

/** The body of a rejection: the reason when one was given. */
export const rejectionBody = (reason: string) => (reason ? { reason } : undefined);
