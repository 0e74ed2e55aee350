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
import { useOne, useTranslate } from "@refinedev/core";
import { Button, Descriptions, Flex, Modal, Skeleton, Space, Table, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { developerEndpoints, webhooks, type Webhook, type WebhookDelivery } from "../../../../resources/developers.ts";
import type { Endpoint } from "../../../../resources/define-endpoint.ts";
import { call, type CallInput } from "../../api/call.ts";
import { RecordActions, useRecordActions } from "../../components/resource/record-actions.tsx";
import { renderField } from "../../components/resource/renderers.tsx";
import type { DetailsScreenProps } from "../../components/resource/screens.tsx";
import { useDeclared } from "../../components/resource/use-declared.ts";
import { WebhookRotateSecretModal } from "./webhook-form-modals.tsx";
import { FetchError, PAGE_SIZE, StateTag, formatDateTime, useDeveloperCall, useDeveloperRights } from "./developers-shared.tsx";

/** Opened by a row of the Webhooks list (ResourceDef.detailsModal); `onEdit` only for those who may edit webhooks. */
export function WebhookDetailsModal({ id, onClose, onEdit }: DetailsScreenProps) {
  const t = useTranslate();
  return (
    <Modal title={t("developers.webhook.detailsTitle")} open={!!id} onCancel={onClose} footer={null} destroyOnHidden width={960}>
      {id && <WebhookDetails id={id} onEdit={onEdit} />}
    </Modal>
  );
}

type EditProp = Pick<DetailsScreenProps, "onEdit">;

function WebhookDetails({ id, onEdit }: { id: string } & EditProp) {
  const t = useTranslate();
  // Read as the list's resource: its actions, edits and rotations (all under HOOKS_QUERY) re-read it.
  const { query: hook, result: w } = useOne<Webhook>({ resource: webhooks.name, id, errorNotification: false });
  const deliveries = useQuery({
    queryKey: [webhooks.name, "deliveries", id],
    queryFn: async () => (await call(developerEndpoints.deliveries, { params: { id }, query: { limit: PAGE_SIZE } })).data,
  });

  if (hook.isLoading) return <Skeleton active />;
  if (hook.isError || !w) return <FetchError message={t("developers.webhook.fetchError")} error={hook.error} />;
  const refresh = () => Promise.all([hook.refetch(), deliveries.refetch()]);

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <WebhookSummary w={w} />
      <WebhookActions w={w} onEdit={onEdit} />
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("developers.webhook.recentDeliveries")}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={deliveries.isFetching}>
          {t("developers.webhook.refresh")}
        </Button>
      </Flex>
      {deliveries.isError ? (
        <FetchError message={t("developers.webhook.fetchError")} error={deliveries.error} />
      ) : (
        <DeliveriesTable webhook={w} items={deliveries.data?.items ?? []} loading={deliveries.isLoading} />
      )}
    </Space>
  );
}

/** The declared fields; under the secret, until when the one it replaced still verifies. */
function WebhookSummary({ w }: { w: Webhook }) {
  const t = useTranslate();
  const def = useDeclared(webhooks);
  return (
    <Descriptions column={1} bordered size="small">
      {(def.detail ?? []).map((d) => (
        <Descriptions.Item key={d.field} label={d.label}>
          {d.field === "secret" && w.previous_secret_expires_at ? (
            <Space direction="vertical" size={2}>
              {renderField(d, w)}
              <Typography.Text type="secondary">
                {t("developers.webhook.previousSecret", { when: formatDateTime(w.previous_secret_expires_at, t("developers.never")) })}
              </Typography.Text>
            </Space>
          ) : (
            renderField(d, w)
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * Each button shown only to those the policy allows; events are sent only by an enabled webhook.
 * Enable and Disable are the declared actions, offered as in the list.
 */
function WebhookActions({ w, onEdit }: { w: Webhook } & EditProp) {
  const t = useTranslate();
  const { sendTestEvents, rotateSecrets } = useDeveloperRights();
  const { offered } = useRecordActions(webhooks, w);
  const [rotating, setRotating] = useState(false);
  if (!onEdit && !sendTestEvents && !rotateSecrets && offered.length === 0) return null;
  return (
    <Flex justify="end" gap={8} wrap>
      {sendTestEvents && w.state === "ENABLED" && <SendTestButton webhookId={w.id} />}
      {rotateSecrets && <Button onClick={() => setRotating(true)}>{t("developers.webhook.rotateSecret")}</Button>}
      {onEdit && <Button onClick={() => onEdit(w)}>{t("developers.webhook.edit")}</Button>}
      {offered.length > 0 && <RecordActions def={webhooks} record={w} />}
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
    await send(endpoint, { params }).catch(() => undefined);
    setBusy(false);
  };
  return (
    <Button size={size} loading={busy} onClick={run}>
      {children}
    </Button>
  );
}

function SendTestButton({ webhookId }: { webhookId: string }) {
  const t = useTranslate();
  return (
    <CallButton endpoint={developerEndpoints.sendTestEvent} params={{ id: webhookId }}>
      {t("developers.webhook.sendTest")}
    </CallButton>
  );
}

function ResendButton({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  const t = useTranslate();
  return (
    <CallButton endpoint={developerEndpoints.resendDelivery} size="small" params={{ id: webhookId, deliveryId }}>
      {t("developers.webhook.resend")}
    </CallButton>
  );
}

function DeliveriesTable({ webhook, items, loading }: { webhook: Webhook; items: WebhookDelivery[]; loading: boolean }) {
  const t = useTranslate();
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
      locale={{ emptyText: loading ? " " : t("developers.webhook.noDeliveries") }}
      expandable={{ expandedRowRender: (d) => <DeliveryAttempt d={d} />, rowExpandable: () => true }}
      columns={[
        { key: "event_type", title: t("developers.webhook.event"), render: (_, d) => <Typography.Text code>{d.event_type}</Typography.Text> },
        { key: "state", title: t("developers.webhook.status"), render: (_, d) => <StateTag state={d.state} /> },
        { key: "attempts", title: t("developers.webhook.attempts"), dataIndex: "attempts" },
        { key: "response_status_code", title: t("developers.webhook.response"), render: (_, d) => d.response_status_code ?? "—" },
        { key: "last_error", title: t("developers.webhook.error"), render: (_, d) => d.last_error ?? "—" },
        { key: "created_date", title: t("developers.webhook.created"), render: (_, d) => formatDateTime(d.created_date, "—") },
        { key: "delivered_at", title: t("developers.webhook.delivered"), render: (_, d) => formatDateTime(d.delivered_at, "—") },
        ...(mayResend
          ? [
              {
                key: "action",
                title: t("developers.webhook.action"),
                render: (_: unknown, d: WebhookDelivery) => <ResendButton webhookId={webhook.id} deliveryId={d.id} />,
              },
            ]
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
  const t = useTranslate();
  // Attempted, but the server left out what was sent and answered: this member may not edit webhooks.
  if (!d.request && d.last_attempt_at)
    return (
      <Typography.Text type="secondary">
        {t("developers.webhook.attemptHidden", { when: formatDateTime(d.last_attempt_at, t("developers.never")) })}
      </Typography.Text>
    );
  if (!d.request)
    return (
      <Typography.Text type="secondary">
        {d.next_attempt_at
          ? t("developers.webhook.notAttemptedDue", { when: formatDateTime(d.next_attempt_at, t("developers.never")) })
          : t("developers.webhook.notAttempted")}
      </Typography.Text>
    );
  const headers = Object.entries(d.request.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t("developers.webhook.messageId")}>
        <Typography.Text code>{d.message_id}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t("developers.webhook.lastAttempt")}>{formatDateTime(d.last_attempt_at, "—")}</Descriptions.Item>
      <Descriptions.Item label={t("developers.webhook.requestHeaders")}>
        <Block>{headers}</Block>
      </Descriptions.Item>
      <Descriptions.Item label={t("developers.webhook.requestBody")}>
        <Block>{d.request.body}</Block>
      </Descriptions.Item>
      <Descriptions.Item label={t("developers.webhook.responseCode")}>
        {d.response_status_code ?? (d.last_error ? t("developers.webhook.noResponse", { error: d.last_error }) : "—")}
      </Descriptions.Item>
      <Descriptions.Item label={t("developers.webhook.responseBody")}>
        {d.response_body_excerpt ? (
          <Block>{d.response_body_excerpt}</Block>
        ) : (
          <Typography.Text type="secondary">{t("developers.webhook.empty")}</Typography.Text>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
