/** The frame of every sign-in-free page: brand, a centered card, optional footer links. */
import type { ReactNode } from "react";
import { Card, Flex, Typography } from "antd";

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
  return (
    <Flex component="main" vertical align="center" justify="center" style={{ minHeight: "100vh", padding: 24, background: "#f5f7fb" }}>
      <Typography.Text strong style={{ fontSize: 20, marginBottom: 16 }} aria-label="Stablebank">
        Stablebank
      </Typography.Text>
      <Card style={{ width: "100%", maxWidth: width }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
      {footer && <div style={{ marginTop: 16 }}>{footer}</div>}
    </Flex>
  );
}
