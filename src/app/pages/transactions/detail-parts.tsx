/** Pieces both transaction detail views share: the amount header, documents, people, receipt. */
import type { ReactNode } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Descriptions, Flex, List, Tag, Typography } from "antd";
import { DownloadOutlined, FileTextOutlined } from "@ant-design/icons";
import { download } from "../../api/client.ts";
import { urlOf } from "../../api/call.ts";
import type { Endpoint, SentParamsOf } from "../../../../resources/define-endpoint.ts";
import { displayMinor } from "../../../lib/money.ts";
import { formatDateTime } from "../../../lib/dates.ts";
import { statusColor } from "../../components/resource/status-colours.ts";
import { statusText } from "../../components/resource/use-declared.ts";
import { useToast } from "../../hooks/use-toast.ts";

export const RECEIPT_STATES = ["COMPLETED", "PROCESSING"];

/** `value`: what the balance gained or lost, signed, fee included, as the lists show it. */
export function AmountHeader({
  value,
  currency,
  direction,
  state,
  type,
  date,
}: {
  value: string;
  currency: string;
  direction: string;
  state: string;
  type: string;
  date: string;
}) {
  const t = useTranslate();
  const outbound = direction === "outbound";
  const v = BigInt(value);
  // A state or type in words, as the lists' status tags say it.
  const words = (x: string) => statusText(t, x);
  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }}>
      <Flex gap={8} align="center">
        <Tag color={outbound ? "volcano" : "green"}>{outbound ? t("transactions.debit") : t("transactions.credit")}</Tag>
        <Tag color={statusColor(state)}>{words(state)}</Tag>
        <Typography.Text type="secondary">
          {words(type)} · {formatDateTime(date)}
        </Typography.Text>
      </Flex>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="transaction-amount">
        {v < 0n ? "\u2212" : "+"}
        {displayMinor(v < 0n ? -v : v, currency)} {currency}
      </Typography.Title>
    </Flex>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  );
}

export const Pairs = ({ items }: { items: [string, ReactNode][] }) => (
  <Descriptions column={1} size="small" bordered>
    {items
      .filter(([, v]) => v !== null && v !== undefined && v !== "")
      .map(([k, v]) => (
        <Descriptions.Item key={k} label={k}>
          {v}
        </Descriptions.Item>
      ))}
  </Descriptions>
);

/** A transaction's documents, each downloaded from `endpoint` with the path parameters `paramsOf` gives for its id. */
export function Documents<E extends Endpoint>({
  docs,
  endpoint,
  paramsOf,
}: {
  docs: { id: string; description: string; value?: string; file?: string; file_name?: string }[];
  endpoint: E;
  paramsOf: (id: string) => SentParamsOf<E>;
}) {
  const toast = useToast();
  const t = useTranslate();
  if (!docs.length) return <Typography.Text type="secondary">{t("transactions.noDocuments")}</Typography.Text>;
  return (
    <List
      size="small"
      bordered
      dataSource={docs}
      renderItem={(d) => (
        <List.Item
          actions={[
            <Button
              key="dl"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => download(urlOf(endpoint, { params: paramsOf(d.id) }), d.file ?? d.file_name ?? "document").catch((e) => toast.error(e))}
            >
              {t("transactions.download")}
            </Button>,
          ]}
        >
          <FileTextOutlined /> {d.description}
          {d.value ? ` (${d.value})` : ""}
        </List.Item>
      )}
    />
  );
}

/** The receipt, downloaded from `endpoint` with `params`, once the transaction is processing or completed. */
export function ReceiptButton<E extends Endpoint>({
  state,
  endpoint,
  params,
  reference,
}: {
  state: string;
  endpoint: E;
  params: SentParamsOf<E>;
  reference: string;
}) {
  const toast = useToast();
  const t = useTranslate();
  if (!RECEIPT_STATES.includes(state)) return null;
  return (
    <Button icon={<DownloadOutlined />} onClick={() => download(urlOf(endpoint, { params }), `receipt-${reference}.pdf`).catch((e) => toast.error(e))}>
      {t("transactions.downloadReceipt")}
    </Button>
  );
}

export const person = (p: { email?: string; date?: string | null } | null) => (p?.email ? `${p.email}${p.date ? ` · ${formatDateTime(p.date)}` : ""}` : null);
