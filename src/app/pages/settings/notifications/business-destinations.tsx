/**
 * "Business notifications" (SPEC §3 Notification settings, §7): extra email destinations with their
 * four switches. Whoever may manage them (business-notifications create, i.e. users_write) adds,
 * toggles (optimistic, reverted on error) and deletes (after 'Are you sure you want to proceed?');
 * others only see them.
 */
import { useState } from "react";
import { App, Button, Card, Switch, Table, Typography } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { NOTIFICATION_TOPIC_KEYS, NOTIFICATION_TOPICS, settingsEndpoints, type NotificationTopic } from "../../../../../resources/settings.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { toggleOptimistically } from "../security/optimistic.ts";
import { AddDestinationModal, type Destination } from "./add-destination-modal.tsx";

type Props = {
  destinations: Destination[];
  canManage: boolean;
  onChange: (next: (list: Destination[]) => Destination[]) => void;
};

export function BusinessDestinations({ destinations, canManage, onChange }: Props) {
  const toast = useToast();
  const { modal } = App.useApp();
  const [adding, setAdding] = useState(false);
  // One write at a time: a failed toggle's revert must not undo a later toggle of the same row.
  const [busy, setBusy] = useState<string | null>(null);

  const replace = (row: Destination) => onChange((list) => list.map((d) => (d.id === row.id ? row : d)));

  async function toggle(row: Destination, topic: NotificationTopic, on: boolean) {
    setBusy(row.id);
    const next = { ...row, [topic]: on };
    // PATCH is partial: send only this switch, so a stale copy of the others cannot overwrite them.
    await toggleOptimistically({
      show: replace,
      next,
      previous: row,
      call: () => call(settingsEndpoints.updateRecipient, { params: { id: row.id }, body: { [topic]: on } }),
      toast,
    });
    setBusy(null);
  }

  function remove(row: Destination) {
    modal.confirm({
      title: "Are you sure you want to proceed?",
      content: `${row.email} will no longer receive notifications.`,
      okText: "Delete",
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const res = await call(settingsEndpoints.removeRecipient, { params: { id: row.id } });
          toast.success(res.message);
          onChange((list) => list.filter((d) => d.id !== row.id));
        } catch (e) {
          toast.error(e);
        }
      },
    });
  }

  return (
    <Card
      title="Business notifications"
      data-testid="business-notifications"
      extra={
        canManage && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add email
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">Other email addresses that hear about this business's activity.</Typography.Paragraph>
      <Table<Destination>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={destinations}
        locale={{ emptyText: "No extra email addresses yet" }}
        scroll={{ x: "max-content" }}
        columns={[
          { title: "Email", dataIndex: "email", key: "email" },
          ...NOTIFICATION_TOPIC_KEYS.map((topic) => ({
            title: NOTIFICATION_TOPICS[topic],
            key: topic,
            render: (_: unknown, row: Destination) => (
              <Switch
                aria-label={`${NOTIFICATION_TOPICS[topic]} for ${row.email}`}
                size="small"
                checked={row[topic]}
                disabled={!canManage || busy !== null}
                loading={busy === row.id}
                onChange={(on) => toggle(row, topic, on)}
              />
            ),
          })),
          ...(canManage
            ? [
                {
                  title: "",
                  key: "action",
                  align: "right" as const,
                  render: (_: unknown, row: Destination) => (
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${row.email}`} onClick={() => remove(row)} />
                  ),
                },
              ]
            : []),
        ]}
      />
      <AddDestinationModal open={adding} onClose={() => setAdding(false)} onCreated={(d) => onChange((list) => [...list, d])} />
    </Card>
  );
}
