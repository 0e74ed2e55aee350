/** The frame of every sign-in-free page: brand, a centered card, optional footer links. */
import type { ReactNode } from "react";
import { Card, Flex, Typography, theme } from "antd";
import { PageTitle } from "./page-title.tsx";

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  const { token } = theme.useToken();
  return (
    <Flex component="main" vertical align="center" justify="center" style={{ minHeight: "100vh", padding: 24, background: token.colorBgLayout }}>
      <Typography.Text strong style={{ fontSize: 20, marginBottom: 16 }} aria-label="Stablebank">
        Stablebank
      </Typography.Text>
      <Card style={{ width: "100%", maxWidth: width }}>
        <PageTitle style={{ marginTop: 0 }}>{title}</PageTitle>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
      {footer && <div style={{ marginTop: 16 }}>{footer}</div>}
    </Flex>
  );
}
