/**
 * Settings → Audit log (issue 15, users_read): the chain's state as the server checks it, the
 * export (CSV or JSON, with the hashes, checked offline by the documented command) and the
 * entries, newest first, from the audit-log declaration.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Flex, Skeleton, Space, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { DownloadOutlined } from "@ant-design/icons";
import { AUDIT_VERIFY_COMMAND, auditLog, auditLogEndpoints } from "../../../../resources/audit-log.ts";
import { download } from "../../api/client.ts";
import { call, urlOf } from "../../api/call.ts";
import { ResourceList } from "../../components/resource/resource-list.tsx";
import { useSession } from "../../session/session.tsx";
import { closable } from "../../providers/notification-provider.ts";
import { useFeedback } from "../../providers/feedback.tsx";

function ChainStatus() {
  const t = useTranslate();
  const check = useQuery({
    queryKey: ["audit-log", "verify"],
    queryFn: async () => (await call(auditLogEndpoints.verify)).data,
  });
  if (check.isLoading) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  if (check.isError || !check.data) return <Alert type="warning" showIcon message={t("settings.auditLog.checkFailed")} />;
  const c = check.data;
  return c.valid ? (
    <Alert
      type="success"
      showIcon
      message={t("settings.auditLog.intact", { count: c.entries })}
      description={
        <>
          {t("settings.auditLog.lastHash")}{" "}
          <Typography.Text code copyable>
            {c.head_hash}
          </Typography.Text>
        </>
      }
    />
  ) : (
    <Alert type="error" showIcon message={t("settings.auditLog.broken", { seq: c.first_invalid_seq })} description={c.reason} />
  );
}

function ExportButtons() {
  const t = useTranslate();
  const { notification } = useFeedback();
  const [busy, setBusy] = useState<string | null>(null);
  const get = async (format: "csv" | "json") => {
    setBusy(format);
    try {
      await download(urlOf(auditLogEndpoints.export, { query: { format } }), `audit-log.${format}`);
    } catch (e) {
      notification.error({ closable: closable(), message: (e as { message?: string }).message ?? t("settings.auditLog.downloadFailed") });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button icon={<DownloadOutlined />} loading={busy === "csv"} onClick={() => get("csv")}>
        {t("settings.auditLog.exportCsv")}
      </Button>
      <Button icon={<DownloadOutlined />} loading={busy === "json"} onClick={() => get("json")}>
        {t("settings.auditLog.exportJson")}
      </Button>
    </Space>
  );
}

export default function AuditLogTab() {
  const { can } = useSession();
  const t = useTranslate();
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card>
        <Flex justify="space-between" align="start" wrap gap={12} style={{ marginBottom: 12 }}>
          <div style={{ maxWidth: 640 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t("settings.auditLog.title")}
            </Typography.Title>
            <Typography.Text type="secondary">{t("settings.auditLog.subtitle")}</Typography.Text>
          </div>
          {can("audit-log", "export") && <ExportButtons />}
        </Flex>
        <ChainStatus />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t("settings.auditLog.exportHint")}
          <Typography.Text code>{AUDIT_VERIFY_COMMAND}</Typography.Text>
          {t("settings.auditLog.exportHintEnd")}
        </Typography.Paragraph>
      </Card>
      <ResourceList def={auditLog} embedded />
    </Space>
  );
}
