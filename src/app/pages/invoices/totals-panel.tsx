/**
 * An invoice's totals, the same rows on the form (computed live) and on the details page (as the
 * server stored them), and the same rows as the public page and the PDF (src/lib/invoice-summary-rows.ts),
 * so the sum can be checked by reading down the block.
 */
import { useTranslate } from "@refinedev/core";
import { Descriptions } from "antd";
import { formatMoney } from "../../../lib/money.ts";
import { summaryRows, summaryValue, type SummaryFigures } from "../../../lib/invoice-summary-rows.ts";

export type TotalsFigures = SummaryFigures;

export function TotalsPanel({ totals, currency }: { totals: TotalsFigures; currency: string }) {
  const t = useTranslate();
  // The rows' labels in the member's language (the shared rows carry the English ones).
  const labels: Record<string, string> = {
    sub_total_amount: t("invoices.totals.subTotal"),
    total_discount_amount: t("invoices.totals.discounts"),
    exclusive_tax_amount: t("invoices.totals.taxes"),
    shipping_amount: t("invoices.totals.shipping"),
    total_amount_payable: t("invoices.totals.payable"),
    inclusive_tax_amount: t("invoices.totals.inclusiveTax"),
    total_amount_paid: t("invoices.totals.paid"),
    total_amount_pending: t("invoices.totals.pending"),
  };
  return (
    <Descriptions column={1} size="small" bordered aria-label={t("invoices.totals.label")}>
      {summaryRows(totals).map((row) => (
        <Descriptions.Item key={row.key} label={labels[row.key] ?? row.label}>
          <span data-testid={`total-${row.key}`} style={row.kind === "total" ? { fontWeight: 600 } : row.kind === "included" ? { opacity: 0.65 } : undefined}>
            {currency ? summaryValue(row, (minor) => formatMoney(minor, currency)) : "—"}
          </span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
