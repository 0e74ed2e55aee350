/**
 * "Business notifications" (SPEC §3 Notification settings, §7): extra email destinations with their
 * four switches. Whoever may manage them (business-notifications create, i.e. users_write) adds,
 * toggles (optimistic, reverted on error) and deletes (after 'Are you sure you want to proceed?');
 * others only see them.
 */
import { useState } from "react";
import { Button, Card, Switch, Table, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { NOTIFICATION_TOPIC_KEYS, settingsEndpoints, type NotificationTopic } from "../../../../../resources/settings.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { toggleOptimistically } from "../security/optimistic.ts";
import { AddDestinationModal, type Destination } from "./add-destination-modal.tsx";
import { useFeedback } from "../../../providers/feedback.tsx";

type Props = {
  destinations: Destination[];
  canManage: boolean;
  onChange: (next: (list: Destination[]) => Destination[]) => void;
};

export function BusinessDestinations({ destinations, canManage, onChange }: Props) {
  const t = useTranslate();
  const toast = useToast();
  const { modal } = useFeedback();
  const topics: Record<NotificationTopic, string> = {
    inbound_outbound_transfers: t("settings.notifications.topics.transfers"),
    fx_conversions: t("settings.notifications.topics.fx"),
    invoice_payments: t("settings.notifications.topics.invoicePayments"),
    account_updates: t("settings.notifications.topics.accountUpdates"),
  };
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
      title: t("settings.confirm"),
      content: t("settings.notifications.removeConfirm", { email: row.email }),
      okText: t("settings.delete"),
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
      title={t("settings.notifications.business")}
      data-testid="business-notifications"
      extra={
        canManage && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t("settings.notifications.addEmail")}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t("settings.notifications.businessHelp")}</Typography.Paragraph>
      <Table<Destination>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={destinations}
        locale={{ emptyText: t("settings.notifications.empty") }}
        scroll={{ x: "max-content" }}
        columns={[
          { title: t("settings.notifications.email"), dataIndex: "email", key: "email" },
          ...NOTIFICATION_TOPIC_KEYS.map((topic) => ({
            title: topics[topic],
            key: topic,
            render: (_: unknown, row: Destination) => (
              <Switch
                aria-label={t("settings.notifications.topicFor", { topic: topics[topic], email: row.email })}
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
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t("settings.notifications.deleteEmail", { email: row.email })}
                      onClick={() => remove(row)}
                    />
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
