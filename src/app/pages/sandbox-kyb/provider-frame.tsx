/** The sandbox KYB provider's own page frame: its name, not the product's, as a hosted page would show. */
import { useTranslate } from "@refinedev/core";
import type { ReactNode } from "react";
import { Flex, Typography, theme } from "antd";
import { SafetyCertificateOutlined } from "@ant-design/icons";

export function ProviderFrame({ width, children }: { width: number; children: ReactNode }) {
  const { token } = theme.useToken();
  const t = useTranslate();
  return (
    <Flex vertical align="center" style={{ minHeight: "100vh", padding: 24, background: token.colorBgLayout }}>
      <div style={{ width: "100%", maxWidth: width }}>
        <Typography.Text type="secondary" style={{ display: "block", marginBottom: 16 }}>
          <SafetyCertificateOutlined /> {t("sandbox.kyb.providerName")}
        </Typography.Text>
        {children}
      </div>
    </Flex>
  );
}
