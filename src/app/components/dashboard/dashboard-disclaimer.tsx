/**
 * The regulatory disclaimer (SPEC §1): who actually holds the money and what is not insured. The
 * product is not a bank, and stablecoins are not deposits; customers must be told so plainly.
 */
import { Typography } from "antd";

export function DashboardDisclaimer() {
  return (
    <Typography.Paragraph
      type="secondary"
      style={{ fontSize: 12, marginTop: 24, marginBottom: 0, maxWidth: 960 }}
      role="note"
      aria-label="Regulatory disclaimer"
    >
      Stablebank is a financial technology company, not a bank. Banking services are provided by our licensed banking partners, and fiat deposits are held at
      insured partner banks, subject to the applicable limits of their deposit insurance schemes. Stablecoins and other digital assets are not bank deposits,
      are not insured by any government deposit insurance scheme, and may lose value.
    </Typography.Paragraph>
  );
}
