/**
 * /sandbox/mailbox: in sandbox mode every email the product sends lands here instead of a real inbox,
 * so verification links, sign-in codes and invitations can be used on a fresh machine.
 */
import { useTranslate } from "@refinedev/core";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Card, Empty, Input, List, Space, Tag, Typography } from "antd";
import { sandboxEndpoints } from "../../../resources/sandbox.ts";
import { call } from "../api/call.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { AuthCard } from "../components/layout/auth-card.tsx";
import { useToast } from "../hooks/use-toast.ts";
import type { ReceivedOf } from "../../../resources/define-endpoint.ts";

type Mail = ReceivedOf<typeof sandboxEndpoints.mailbox>[number];

export default function SandboxMailboxPage() {
  const [params, setParams] = useSearchParams();
  const to = params.get("to") ?? "";
  const [mails, setMails] = useState<Mail[] | null>(null);
  const toast = useToast();
  const t = useTranslate();

  useEffect(() => {
    if (!to) return setMails(null);
    call(sandboxEndpoints.mailbox, { query: { to } })
      .then((r) => setMails(r.data))
      .catch((e) => toast.error(e));
  }, [to, toast]);

  return (
    <AuthCard title={t("sandbox.mailbox.title")} subtitle={t("sandbox.mailbox.subtitle")} width={720}>
      <Input.Search
        defaultValue={to}
        placeholder={t("sandbox.mailbox.address")}
        enterButton={t("sandbox.mailbox.open")}
        aria-label={t("sandbox.mailbox.address")}
        onSearch={(v) => setParams(v ? { to: v.trim() } : {})}
        style={{ marginBottom: 16 }}
      />
      {mails && mails.length === 0 && <Empty description={t("sandbox.mailbox.empty")} />}
      {mails && mails.length > 0 && (
        <List
          dataSource={mails}
          renderItem={(m) => (
            <Card size="small" title={m.subject} style={{ marginBottom: 12 }} extra={formatDateTime(m.created_at)}>
              <Typography.Paragraph style={{ whiteSpace: "pre-wrap" }}>{m.text}</Typography.Paragraph>
              <Space wrap>
                {m.codes.map((c) => (
                  <Tag key={c} color="blue">
                    {t("sandbox.mailbox.code", { code: c })}
                  </Tag>
                ))}
                {m.links.map((l) => (
                  <a key={l} href={new URL(l).pathname}>
                    {t("sandbox.mailbox.openLink")}
                  </a>
                ))}
              </Space>
            </Card>
          )}
        />
      )}
    </AuthCard>
  );
}
