/**
 * Webhook details (GET iris/v1/client-webhooks/{id}): URL, the secret as the server masks it, events
 * and state, with Edit and Disable/Enable, and the recent deliveries (GET .../{id}/deliveries, the
 * last 10) so a developer can see what reached their endpoint and why an attempt failed.
 */
import { useQuery } from "@tanstack/react-query";
import { Button, Descriptions, Flex, Modal, Skeleton, Space, Table, Tag, Typography } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import type { Webhook, WebhookDelivery } from "../../../../resources/developers.ts";
import { api } from "../../api/client.ts";
import { FetchError, HOOKS_QUERY, PAGE_SIZE, StateTag, WEBHOOKS_PATH, formatDateTime, useRecord, type Paged } from "./developers-shared.tsx";

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
  const path = `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;
  const hook = useRecord<Webhook>(HOOKS_QUERY, path);
  const deliveries = useQuery({
    queryKey: [...HOOKS_QUERY, "deliveries", id],
    queryFn: async () => (await api<Paged<WebhookDelivery>>("GET", `${path}/deliveries?limit=${PAGE_SIZE}`)).data,
  });

  if (hook.isLoading) return <Skeleton active />;
  if (hook.isError || !hook.data) return <FetchError message="Error fetching webhooks" error={hook.error} />;
  const w = hook.data;
  const refresh = () => Promise.all([hook.refetch(), deliveries.refetch()]);

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="URL"><Typography.Text style={{ wordBreak: "break-all" }}>{w.url}</Typography.Text></Descriptions.Item>
        <Descriptions.Item label="Signing secret"><Typography.Text code>{w.secret}</Typography.Text></Descriptions.Item>
        <Descriptions.Item label="Events">
          <Flex gap={4} wrap>{w.enabled_events.map((e) => <Tag key={e}>{e}</Tag>)}</Flex>
        </Descriptions.Item>
        <Descriptions.Item label="Status"><StateTag state={w.state} /></Descriptions.Item>
        <Descriptions.Item label="Created">{formatDateTime(w.created_date, "—")}</Descriptions.Item>
      </Descriptions>
      {canManage && (
        <Flex justify="end" gap={8}>
          <Button onClick={() => onEdit(w)}>Edit</Button>
          {w.state === "ENABLED" ? <Button danger onClick={() => onToggle(w)}>Disable</Button> : <Button onClick={() => onToggle(w)}>Enable</Button>}
        </Flex>
      )}
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>Recent deliveries</Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={refresh} loading={deliveries.isFetching}>Refresh</Button>
      </Flex>
      {deliveries.isError ? (
        <FetchError message="Error fetching webhooks" error={deliveries.error} />
      ) : (
        <Table<WebhookDelivery>
          rowKey="id"
          size="small"
          loading={deliveries.isLoading}
          dataSource={deliveries.data?.items ?? []}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: deliveries.isLoading ? " " : "No deliveries yet. Events you subscribe to will show here once they happen." }}
          columns={[
            { key: "event_type", title: "Event", render: (_, d) => <Typography.Text code>{d.event_type}</Typography.Text> },
            { key: "state", title: "Status", render: (_, d) => <StateTag state={d.state} /> },
            { key: "attempts", title: "Attempts", dataIndex: "attempts" },
            { key: "last_status_code", title: "Response", render: (_, d) => d.last_status_code ?? "—" },
            { key: "last_error", title: "Error", render: (_, d) => d.last_error ?? "—" },
            { key: "created_date", title: "Created", render: (_, d) => formatDateTime(d.created_date, "—") },
            { key: "delivered_at", title: "Delivered", render: (_, d) => formatDateTime(d.delivered_at, "—") },
          ]}
        />
      )}
    </Space>
  );
}
