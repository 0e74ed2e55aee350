/**
 * /settings (SPEC §2 Settings): 'Settings' / 'Manage your profile' with its tabs: Profile; User
 * management (user-management feature and users_read, both in the policy); Security; Notifications;
 * Invoicing (invoicing feature and invoice-settings show); Audit log (users_read, issue 15). Each tab is its own file under settings/.
 */
import { useSearchParams } from "react-router";
import { Tabs, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { useSession } from "../session/session.tsx";
import InvoicingSettings from "./settings/invoicing-settings.tsx";
import ProfileTab from "./settings/profile-tab.tsx";
import UsersTab from "./settings/users-tab.tsx";
import SecurityTab from "./settings/security-tab.tsx";
import NotificationsTab from "./settings/notifications-tab.tsx";
import AuditLogTab from "./settings/audit-log-tab.tsx";
import ApprovalRulesTab from "./settings/approval-rules-tab.tsx";
import PayeeProtectionTab from "./settings/payee-protection-tab.tsx";
import { PageTitle } from "../components/layout/page-title.tsx";

export default function SettingsPage() {
  const { session, can } = useSession();
  const [params, setParams] = useSearchParams();
  const t = useTranslate();
  if (!session) return null;
  const tabs = [
    { key: "profile", label: t("settings.tabs.profile"), children: <ProfileTab /> },
    ...(can("users", "list") ? [{ key: "users", label: t("settings.tabs.users"), children: <UsersTab /> }] : []),
    { key: "security", label: t("settings.tabs.security"), children: <SecurityTab /> },
    { key: "notifications", label: t("settings.tabs.notifications"), children: <NotificationsTab /> },
    ...(session.features.includes("invoicing") && can("invoice-settings", "show")
      ? [{ key: "invoicing", label: t("settings.tabs.invoicing"), children: <InvoicingSettings /> }]
      : []),
    ...(can("approval-rules", "list") ? [{ key: "approval-rules", label: t("settings.tabs.approvalRules"), children: <ApprovalRulesTab /> }] : []),
    ...(can("payee-protection", "show") ? [{ key: "payee-protection", label: t("settings.tabs.payeeProtection"), children: <PayeeProtectionTab /> }] : []),
    ...(can("audit-log", "list") ? [{ key: "audit-log", label: t("settings.tabs.auditLog"), children: <AuditLogTab /> }] : []),
  ];
  const active = tabs.some((tab) => tab.key === params.get("tab")) ? params.get("tab")! : "profile";
  return (
    <>
      <PageTitle style={{ margin: 0 }}>{t("settings.title")}</PageTitle>
      <Typography.Text type="secondary">{t("settings.subtitle")}</Typography.Text>
      <Tabs style={{ marginTop: 16 }} activeKey={active} onChange={(key) => setParams({ tab: key })} items={tabs} destroyInactiveTabPane />
    </>
  );
}
