/**
 * The beneficiary form's payee protection check (issue 29): as the details are typed, the server
 * says which saved payees they look like and (for a bank account) the bank's name check answer; the
 * form shows both. Saving with a look-alike or a failed name check asks first; a confirmed NO_MATCH
 * is sent with confirm_name_mismatch, as the API requires. Chosen over warnings in the save's answer:
 * the person sees the warning before anything is stored, and the approvers see it again on payments.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Alert, Space } from "antd";
import type { z } from "zod";
import { BeneficiaryInput } from "../../../../resources/beneficiaries.ts";
import { payeeProtectionEndpoints, type BeneficiaryCheck } from "../../../../resources/payee-protection.ts";
import { changePendingText } from "../../i18n/shared-labels.ts";
import { call } from "../../api/call.ts";
import { nameCheckText } from "./payee-tags.tsx";
import { useFeedback } from "../../providers/feedback.tsx";

type Values = Record<string, unknown>;
type Draft = z.input<typeof BeneficiaryInput>;

/** The form's values as a whole beneficiary: the crypto edit form keeps only name and address, the rest is the record's. */
function draftOf(values: Values, record?: Values): Draft | null {
  const base = { ...(record ?? {}), ...values } as Values;
  const details = (base.details ?? {}) as Values;
  const draft =
    base.type === "CRYPTO"
      ? { ...base, details: { blockchain: details.blockchain, address: (values.address as string | undefined) ?? details.address } }
      : base;
  const parsed = BeneficiaryInput.safeParse(draft);
  return parsed.success ? (draft as Draft) : null;
}

export function useBeneficiaryCheck(enabled: boolean, values: Values, record?: Values) {
  const { modal } = useFeedback();
  const t = useTranslate();
  const [result, setResult] = useState<BeneficiaryCheck | null>(null);
  const key = enabled ? JSON.stringify(draftOf(values, record)) : "null";
  const latest = useRef(key);
  latest.current = key;

  const ask = (draft: Draft) =>
    call(payeeProtectionEndpoints.check, { body: { draft, ...(record?.id ? { beneficiary_id: String(record.id) } : {}) } }).then((r) => r.data);

  useEffect(() => {
    if (key === "null") return setResult(null);
    // Asked once the typing pauses; an answer for details since changed is dropped.
    const timer = setTimeout(() => {
      ask(JSON.parse(key) as Draft)
        .then((r) => latest.current === key && setResult(r))
        .catch(() => latest.current === key && setResult(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [key]);

  const panel: ReactNode = enabled && result && (
    <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }} data-testid="beneficiary-check">
      {result.name_check && (
        <Alert
          showIcon
          type={result.name_check.result === "MATCH" ? "success" : result.name_check.result === "CLOSE_MATCH" ? "warning" : "error"}
          message={t("beneficiaries.check.nameCheck", { result: nameCheckText(t, result.name_check) })}
          description={result.name_check.result === "NO_MATCH" ? t("beneficiaries.check.noMatchHint") : undefined}
        />
      )}
      {result.look_alikes.map((l) => (
        <Alert key={l.beneficiary_id} showIcon type="warning" message={l.message} description={t("beneficiaries.check.lookAlikeHint")} />
      ))}
      {result.cooling_hours > 0 && <Alert showIcon type="info" message={t("beneficiaries.check.cooling", { hours: result.cooling_hours })} />}
    </Space>
  );

  /** Before saving: the check again for what is sent; a look-alike or a failed name check asks first. Null: not saved. */
  async function confirm(body: Values): Promise<Values | null> {
    const draft = enabled ? draftOf(body, record) : null;
    if (!draft) return body;
    const fresh = await ask(draft).catch(() => null);
    if (!fresh) return body;
    setResult(fresh);
    const noMatch = fresh.name_check?.result === "NO_MATCH";
    if (!noMatch && !fresh.look_alikes.length) return body;
    const reasons = [...(noMatch ? [t("beneficiaries.check.notRecognised", { name: draft.name })] : []), ...fresh.look_alikes.map((l) => `${l.message}.`)];
    const ok = await new Promise<boolean>((resolve) =>
      modal.confirm({
        title: t("beneficiaries.check.confirmTitle"),
        content: reasons.join(" "),
        okText: t("beneficiaries.check.saveAnyway"),
        cancelText: t("beneficiaries.check.cancel"),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!ok) return null;
    return noMatch && draft.type === "FIAT" ? { ...body, confirm_name_mismatch: true } : body;
  }

  /** What the saved answer means when it is not the form's usual "updated": a change of details waiting for approval. */
  const savedMessage = (saved: unknown) =>
    enabled && (saved as { details_change_pending?: boolean } | undefined)?.details_change_pending ? changePendingText(t) : undefined;

  return { panel, confirm, savedMessage };
}
