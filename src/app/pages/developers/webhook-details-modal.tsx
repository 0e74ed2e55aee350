/**
 * Webhook details (GET iris/v1/client-webhooks/{id}): URL, the secret as the server masks it, events
 * and state, with Edit and Disable/Enable, and the delivery console: the recent deliveries (GET
 * .../{id}/deliveries, the last 10), each expanding to the request as sent (headers, body) and the
 * receiver's answer (status, the start of its body), so a developer can see what reached their
 * endpoint and why an attempt failed. 'Resend' per delivery, 'Send test event' and 'Rotate secret'
 * for those the policy lets act on the business's webhooks; after each the lists are re-read.
 */
import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Flex, Modal, Skeleton, Space, Table, Tag, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { developerEndpoints, type Webhook, type WebhookDelivery } from "../../../../resources/developers.ts";
import type { Endpoint } from "../../../../resources/define-endpoint.ts";
import { call, type CallInput } from "../../api/call.ts";
import { WebhookRotateSecretModal } from "./webhook-form-modals.tsx";
import { FetchError, HOOKS_QUERY, PAGE_SIZE, StateTag, formatDateTime, useDeveloperCall, useDeveloperRights, useRecord } from "./developers-shared.tsx";

type Props = {
  id: string | null;
  onClose: () => void;
  onEdit: (w: Webhook) => void;
  onToggle: (w: Webhook) => void;
  /** Edit, Enable and Disable are shown to those who may change the business's webhooks. */
  canManage: boolean;
};

export function WebhookDetailsModal({ id, onClose, onEdit, onToggle, canManage }: Props) {
  return (
    <Modal title="Webhook details" open={!!id} onCancel={onClose} footer={null} destroyOnHidden width={960}>
      {id && <WebhookDetails id={id} onEdit={onEdit} onToggle={onToggle} canManage={canManage} />}
    </Modal>
  );
}

function WebhookDetails({ id, onEdit, onToggle, canManage }: { id: string } & Omit<Props, "id" | "onClose">) {
  const hook = useRecord(HOOKS_QUERY, developerEndpoints.showWebhook, { id });
  const deliveries = useQuery({
    queryKey: [...HOOKS_QUERY, "deliveries", id],
    queryFn: async () => (await call(developerEndpoints.deliveries, { params: { id }, query: { limit: PAGE_SIZE } })).data,
  });

  if (hook.isLoading) return <Skeleton active />;
  if (hook.isError || !hook.data) return <FetchError message="Error fetching webhooks" error={hook.error} />;
  const w = hook.data;
  const refresh = () => Promise.all([hook.refetch(), deliveries.refetch()]);

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <WebhookSummary w={w} />
      <WebhookActions w={w} onEdit={onEdit} onToggle={onToggle} canManage={canManage} />
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Recent deliveries
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={deliveries.isFetching}>
          Refresh
        </Button>
      </Flex>
      {deliveries.isError ? (
        <FetchError message="Error fetching webhooks" error={deliveries.error} />
      ) : (
        <DeliveriesTable webhook={w} items={deliveries.data?.items ?? []} loading={deliveries.isLoading} />
      )}
    </Space>
  );
}

function WebhookSummary({ w }: { w: Webhook }) {
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="URL">
        <Typography.Text style={{ wordBreak: "break-all" }}>{w.url}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Signing secret">
        <Space direction="vertical" size={2}>
          <Typography.Text code>{w.secret}</Typography.Text>
          {w.previous_secret_expires_at && (
            <Typography.Text type="secondary">The previous secret also verifies until {formatDateTime(w.previous_secret_expires_at)}.</Typography.Text>
          )}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label="Events">
        <Flex gap={4} wrap>
          {w.enabled_events.map((e) => (
            <Tag key={e}>{e}</Tag>
          ))}
        </Flex>
      </Descriptions.Item>
      <Descriptions.Item label="Status">
        <StateTag state={w.state} />
      </Descriptions.Item>
      <Descriptions.Item label="Created">{formatDateTime(w.created_date, "—")}</Descriptions.Item>
    </Descriptions>
  );
}

/** Each button shown only to those the policy allows; events are sent only by an enabled webhook. */
function WebhookActions({ w, onEdit, onToggle, canManage }: { w: Webhook } & Omit<Props, "id" | "onClose">) {
  const { sendTestEvents, rotateSecrets } = useDeveloperRights();
  const [rotating, setRotating] = useState(false);
  if (!canManage && !sendTestEvents && !rotateSecrets) return null;
  return (
    <Flex justify="end" gap={8} wrap>
      {sendTestEvents && w.state === "ENABLED" && <SendTestButton webhookId={w.id} />}
      {rotateSecrets && <Button onClick={() => setRotating(true)}>Rotate secret</Button>}
      {canManage && <Button onClick={() => onEdit(w)}>Edit</Button>}
      {canManage &&
        (w.state === "ENABLED" ? (
          <Button danger onClick={() => onToggle(w)}>
            Disable
          </Button>
        ) : (
          <Button onClick={() => onToggle(w)}>Enable</Button>
        ))}
      <WebhookRotateSecretModal webhook={rotating ? w : null} onClose={() => setRotating(false)} />
    </Flex>
  );
}

/** A write whose button spins while it runs; the server's message is toasted and the deliveries re-read. */
function CallButton<E extends Endpoint>({
  endpoint,
  params,
  children,
  size,
}: {
  endpoint: E;
  params: CallInput<E>["params"];
  children: ReactNode;
  size?: "small";
}) {
  const send = useDeveloperCall();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    // Failures are toasted by the call; nothing else to undo here.
    await send(endpoint, { params }, HOOKS_QUERY).catch(() => undefined);
    setBusy(false);
  };
  return (
    <Button size={size} loading={busy} onClick={run}>
      {children}
    </Button>
  );
}

const SendTestButton = ({ webhookId }: { webhookId: string }) => (
  <CallButton endpoint={developerEndpoints.sendTestEvent} params={{ id: webhookId }}>
    Send test event
  </CallButton>
);

const ResendButton = ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) => (
  <CallButton endpoint={developerEndpoints.resendDelivery} size="small" params={{ id: webhookId, deliveryId }}>
    Resend
  </CallButton>
);

function DeliveriesTable({ webhook, items, loading }: { webhook: Webhook; items: WebhookDelivery[]; loading: boolean }) {
  const { resendDeliveries } = useDeveloperRights();
  const mayResend = resendDeliveries && webhook.state === "ENABLED";
  return (
    <Table<WebhookDelivery>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={items}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: loading ? " " : "No deliveries yet. Events you subscribe to will show here once they happen." }}
      expandable={{ expandedRowRender: (d) => <DeliveryAttempt d={d} />, rowExpandable: () => true }}
      columns={[
        { key: "event_type", title: "Event", render: (_, d) => <Typography.Text code>{d.event_type}</Typography.Text> },
        { key: "state", title: "Status", render: (_, d) => <StateTag state={d.state} /> },
        { key: "attempts", title: "Attempts", dataIndex: "attempts" },
        { key: "response_status_code", title: "Response", render: (_, d) => d.response_status_code ?? "—" },
        { key: "last_error", title: "Error", render: (_, d) => d.last_error ?? "—" },
        { key: "created_date", title: "Created", render: (_, d) => formatDateTime(d.created_date, "—") },
        { key: "delivered_at", title: "Delivered", render: (_, d) => formatDateTime(d.delivered_at, "—") },
        ...(mayResend
          ? [{ key: "action", title: "Action", render: (_: unknown, d: WebhookDelivery) => <ResendButton webhookId={webhook.id} deliveryId={d.id} /> }]
          : []),
      ]}
    />
  );
}

const Block = ({ children }: { children: string }) => (
  <Typography.Paragraph code copyable style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 240, overflow: "auto", margin: 0 }}>
    {children}
  </Typography.Paragraph>
);

/** The last attempt of a delivery: what was sent and what came back. */
function DeliveryAttempt({ d }: { d: WebhookDelivery }) {
  // Attempted, but the server left out what was sent and answered: this member may not edit webhooks.
  if (!d.request && d.last_attempt_at)
    return (
      <Typography.Text type="secondary">
        Last attempt {formatDateTime(d.last_attempt_at)}. The request and the response are shown to members who manage webhooks.
      </Typography.Text>
    );
  if (!d.request)
    return (
      <Typography.Text type="secondary">
        Not attempted yet{d.next_attempt_at ? `: the first attempt is due ${formatDateTime(d.next_attempt_at)}` : ""}.
      </Typography.Text>
    );
  const headers = Object.entries(d.request.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="Message id">
        <Typography.Text code>{d.message_id}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Last attempt">{formatDateTime(d.last_attempt_at, "—")}</Descriptions.Item>
      <Descriptions.Item label="Request headers">
        <Block>{headers}</Block>
      </Descriptions.Item>
      <Descriptions.Item label="Request body">
        <Block>{d.request.body}</Block>
      </Descriptions.Item>
      <Descriptions.Item label="Response code">{d.response_status_code ?? (d.last_error ? `No response (${d.last_error})` : "—")}</Descriptions.Item>
      <Descriptions.Item label="Response body (first 1,000 characters)">
        {d.response_body_excerpt ? <Block>{d.response_body_excerpt}</Block> : <Typography.Text type="secondary">Empty</Typography.Text>}
      </Descriptions.Item>
    </Descriptions>
  );
}
