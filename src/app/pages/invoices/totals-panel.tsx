/**
 * An invoice's totals, the same rows on the form (computed live) and on the details page (as the
 * server stored them), so the two can be read side by side.
 */
import { Descriptions } from "antd";
import { formatMoney } from "../../../lib/money.ts";

type Amount = bigint | string;
export type TotalsFigures = {
  line_items_sub_total_after_discounts: Amount;
  total_discount_amount: Amount;
  total_tax_amount: Amount;
  shipping_amount: Amount;
  total_amount_payable: Amount;
  total_amount_paid?: Amount;
  total_amount_pending?: Amount;
};

const ROWS: [keyof TotalsFigures, string][] = [
  ["line_items_sub_total_after_discounts", "Sub-total (after discounts)"],
  ["total_discount_amount", "Total discounts"],
  ["total_tax_amount", "Total taxes"],
  ["shipping_amount", "Shipping"],
  ["total_amount_payable", "Total payable"],
  ["total_amount_paid", "Amount paid"],
  ["total_amount_pending", "Amount due"],
];

export function TotalsPanel({ totals, currency }: { totals: TotalsFigures; currency: string }) {
  return (
    <Descriptions column={1} size="small" bordered aria-label="Totals">
      {ROWS.filter(([key]) => totals[key] !== undefined).map(([key, label]) => (
        <Descriptions.Item key={key} label={label}>
          <span data-testid={`total-${key}`} style={key === "total_amount_payable" ? { fontWeight: 600 } : undefined}>
            {currency ? formatMoney(totals[key]!, currency) : "—"}
          </span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
