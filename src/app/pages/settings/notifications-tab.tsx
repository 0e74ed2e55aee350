/**
 * Settings → Notifications (SPEC §3 Notification settings, §7): the member's own four switches, each
 * toggle saving all four (optimistic, reverted on error), and the business's extra destinations.
 */
import { useState } from "react";
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Switch, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { NOTIFICATION_TOPIC_KEYS, settingsEndpoints, type NotificationTopic, type UserNotifications } from "../../../../resources/settings.ts";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useSession } from "../../session/session.tsx";
import { toggleOptimistically } from "./security/optimistic.ts";
import { useFetched } from "../../hooks/use-fetched.ts";
import { BusinessDestinations } from "./notifications/business-destinations.tsx";
import type { Destination } from "./notifications/add-destination-modal.tsx";

function YourNotifications({ value, onShow }: { value: UserNotifications; onShow: (v: UserNotifications) => void }) {
  const t = useTranslate();
  const toast = useToast();
  const topics: Record<NotificationTopic, string> = {
    inbound_outbound_transfers: t("settings.notifications.topics.transfers"),
    fx_conversions: t("settings.notifications.topics.fx"),
    invoice_payments: t("settings.notifications.topics.invoicePayments"),
    account_updates: t("settings.notifications.topics.accountUpdates"),
  };
  // The PATCH carries all four: two writes in flight could each send a stale copy of the other's switch.
  const [saving, setSaving] = useState<NotificationTopic | null>(null);

  async function toggle(topic: NotificationTopic, on: boolean) {
    setSaving(topic);
    const next = { ...value, [topic]: on };
    await toggleOptimistically({ show: onShow, next, previous: value, call: () => call(settingsEndpoints.updateMyNotifications, { body: next }), toast });
    setSaving(null);
  }

  return (
    <Card title={t("settings.notifications.yours")} data-testid="your-notifications">
      <Typography.Paragraph type="secondary">{t("settings.notifications.yoursHelp")}</Typography.Paragraph>
      {NOTIFICATION_TOPIC_KEYS.map((topic) => (
        <Flex key={topic} justify="space-between" align="center" style={{ padding: "8px 0" }}>
          <Typography.Text>{topics[topic]}</Typography.Text>
          <Switch
            aria-label={topics[topic]}
            checked={value[topic]}
            loading={saving === topic}
            disabled={saving !== null && saving !== topic}
            onChange={(on) => toggle(topic, on)}
          />
        </Flex>
      ))}
    </Card>
  );
}

export default function NotificationsTab() {
  const { can } = useSession();
  const t = useTranslate();
  const { data: settings, setData: setSettings, failed, reload } = useFetched(settingsEndpoints.notifications);

  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        message={t("settings.notifications.loadError")}
        action={
          <Button size="small" onClick={reload}>
            {t("settings.retry")}
          </Button>
        }
      />
    );
  if (!settings) return <Skeleton active />;

  const setUser = (user: UserNotifications) => setSettings((s) => (s ? { ...s, user } : s));
  const changeBusiness = (next: (list: Destination[]) => Destination[]) => setSettings((s) => (s ? { ...s, business: next(s.business) } : s));

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14} xl={10}>
        <YourNotifications value={settings.user} onShow={setUser} />
      </Col>
      {/* Full width: its table has a column per topic. */}
      <Col span={24}>
        <BusinessDestinations destinations={settings.business} canManage={can("business-notifications", "create")} onChange={changeBusiness} />
      </Col>
    </Row>
  );
}
