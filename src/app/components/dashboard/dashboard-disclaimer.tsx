/**
 * The regulatory disclaimer (SPEC §1): who actually holds the money and what is not insured. The
 * product is not a bank, and stablecoins are not deposits; customers must be told so plainly.
 */
import { Typography } from "antd";
import { useTranslate } from "@refinedev/core";

export function DashboardDisclaimer() {
  const t = useTranslate();
  return (
    <Typography.Paragraph
      type="secondary"
      style={{ fontSize: 12, marginTop: 24, marginBottom: 0, maxWidth: 960 }}
      role="note"
      aria-label={t("dashboard.disclaimer.label")}
    >
      {t("dashboard.disclaimer.text")}
    </Typography.Paragraph>
  );
}
