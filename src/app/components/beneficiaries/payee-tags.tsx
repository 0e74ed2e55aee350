/**
 * Payee protection (issue 29) on screen: the cooling tag ("New — details can be paid from …") wherever
 * a beneficiary is shown or picked, and the bank's name check answer in its details.
 */
import { Tag, Tooltip, Typography } from "antd";
import { formatDateTime } from "../../../lib/dates.ts";

/** "New — details can be paid from 27 Nov 2026, 15:40" (the reader's time). */
export const coolingLabel = (endsAt: string) => `New — details can be paid from ${formatDateTime(endsAt)}`;

type PayeeState = { cooling_ends_at?: string | null; details_change_pending?: boolean };

/** The tags of a beneficiary's payee protection state; a dash, like any empty cell, while it may be paid as usual. */
export function PayeeStatus({ record }: { record: PayeeState }) {
  if (!record.cooling_ends_at && !record.details_change_pending) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span>
      {record.cooling_ends_at && (
        <Tooltip title="Its details were added or changed recently: a payment needs one more approval, or waits until then">
          <Tag color="orange">{coolingLabel(record.cooling_ends_at)}</Tag>
        </Tooltip>
      )}
      {record.details_change_pending && <Tag color="gold">Change of details waiting for approval</Tag>}
    </span>
  );
}

type NameCheck = { result: "MATCH" | "CLOSE_MATCH" | "NO_MATCH"; registered_name: string | null };

export const nameCheckText = (c: NameCheck) =>
  c.result === "MATCH"
    ? "Name matches the account"
    : c.result === "CLOSE_MATCH"
      ? `Close match: the account is held by ${c.registered_name}`
      : "No match: the bank did not recognise this name for the account";

export function NameCheckTag({ check }: { check: NameCheck }) {
  const color = check.result === "MATCH" ? "green" : check.result === "CLOSE_MATCH" ? "gold" : "red";
  return <Tag color={color}>{nameCheckText(check)}</Tag>;
}
