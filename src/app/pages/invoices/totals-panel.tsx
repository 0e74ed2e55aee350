/**
 * An invoice's totals, the same rows on the form (computed live) and on the details page (as the
 * server stored them), and the same rows as the public page and the PDF (src/lib/invoice-summary-rows.ts),
 * so the sum can be checked by reading down the block.
 */
import { Descriptions } from "antd";
import { formatMoney } from "../../../lib/money.ts";
import { summaryRows, summaryValue, type SummaryFigures } from "../../../lib/invoice-summary-rows.ts";

export type TotalsFigures = SummaryFigures;

export function TotalsPanel({ totals, currency }: { totals: TotalsFigures; currency: string }) {
  return (
    <Descriptions column={1} size="small" bordered aria-label="Totals">
      {summaryRows(totals).map((row) => (
        <Descriptions.Item key={row.key} label={row.label}>
          <span data-testid={`total-${row.key}`} style={row.kind === "total" ? { fontWeight: 600 } : row.kind === "included" ? { opacity: 0.65 } : undefined}>
            {currency ? summaryValue(row, (minor) => formatMoney(minor, currency)) : "—"}
          </span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
