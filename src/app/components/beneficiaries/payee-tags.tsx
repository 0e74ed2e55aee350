/**
 * Payee protection (issue 29) on screen: the cooling tag ("New — details can be paid from …") wherever
 * a beneficiary is shown or picked, and the bank's name check answer in its details.
 */
import { useTranslate } from "@refinedev/core";
import { Tag, Tooltip, Typography } from "antd";
import { formatDateTime } from "../../../lib/dates.ts";

type Translate = ReturnType<typeof useTranslate>;

/** "New — details can be paid from 27 Nov 2026, 15:40" (the reader's time). */
export const coolingLabel = (t: Translate, endsAt: string) => t("beneficiaries.cooling.label", { date: formatDateTime(endsAt) });

type PayeeState = { cooling_ends_at?: string | null; details_change_pending?: boolean };

/** The tags of a beneficiary's payee protection state; a dash, like any empty cell, while it may be paid as usual. */
export function PayeeStatus({ record }: { record: PayeeState }) {
  const t = useTranslate();
  if (!record.cooling_ends_at && !record.details_change_pending) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span>
      {record.cooling_ends_at && (
        <Tooltip title={t("beneficiaries.cooling.tooltip")}>
          <Tag color="orange">{coolingLabel(t, record.cooling_ends_at)}</Tag>
        </Tooltip>
      )}
      {record.details_change_pending && <Tag color="gold">{t("beneficiaries.changePending")}</Tag>}
    </span>
  );
}

type NameCheck = { result: "MATCH" | "CLOSE_MATCH" | "NO_MATCH"; registered_name: string | null };

export const nameCheckText = (t: Translate, c: NameCheck) =>
  c.result === "MATCH"
    ? t("beneficiaries.nameCheck.match")
    : c.result === "CLOSE_MATCH"
      ? t("beneficiaries.nameCheck.closeMatch", { name: c.registered_name })
      : t("beneficiaries.nameCheck.noMatch");

export function NameCheckTag({ check }: { check: NameCheck }) {
  const t = useTranslate();
  const color = check.result === "MATCH" ? "green" : check.result === "CLOSE_MATCH" ? "gold" : "red";
  return <Tag color={color}>{nameCheckText(t, check)}</Tag>;
}
