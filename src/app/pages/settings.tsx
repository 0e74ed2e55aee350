/**
 * /settings (SPEC §2 Settings): 'Settings' / 'Manage your profile' with its tabs: Profile; User
 * management (user-management feature and users_read, both in the policy); Security; Notifications;
 * Invoicing (invoicing feature and invoice-settings show); Audit log (users_read, issue 15). Each tab is its own file under settings/.
 */
import { lazy } from "react";
import { useSearchParams } from "react-router";
import { Tabs, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { useSession } from "../session/session.tsx";
import ProfileTab from "./settings/profile-tab.tsx";
import { PageTitle } from "../components/layout/page-title.tsx";
import { withSkeleton } from "../lib/lazy.ts";

// The page opens on Profile; each other tab's code loads when it is opened.
const UsersTab = lazy(() => import("./settings/users-tab.tsx"));
const SecurityTab = lazy(() => import("./settings/security-tab.tsx"));
const NotificationsTab = lazy(() => import("./settings/notifications-tab.tsx"));
const InvoicingSettings = lazy(() => import("./settings/invoicing-settings.tsx"));
const ApprovalRulesTab = lazy(() => import("./settings/approval-rules-tab.tsx"));
const PayeeProtectionTab = lazy(() => import("./settings/payee-protection-tab.tsx"));
const AuditLogTab = lazy(() => import("./settings/audit-log-tab.tsx"));

export default function SettingsPage() {
  const { session, can } = useSession();
  const [params, setParams] = useSearchParams();
  const t = useTranslate();
  if (!session) return null;
  const tabs = [
    { key: "profile", label: t("settings.tabs.profile"), children: <ProfileTab /> },
    ...(can("users", "list") ? [{ key: "users", label: t("settings.tabs.users"), children: withSkeleton(<UsersTab />) }] : []),
    { key: "security", label: t("settings.tabs.security"), children: withSkeleton(<SecurityTab />) },
    { key: "notifications", label: t("settings.tabs.notifications"), children: withSkeleton(<NotificationsTab />) },
    ...(session.features.includes("invoicing") && can("invoice-settings", "show")
      ? [{ key: "invoicing", label: t("settings.tabs.invoicing"), children: withSkeleton(<InvoicingSettings />) }]
      : []),
    ...(can("approval-rules", "list")
      ? [{ key: "approval-rules", label: t("settings.tabs.approvalRules"), children: withSkeleton(<ApprovalRulesTab />) }]
      : []),
    ...(can("payee-protection", "show")
      ? [{ key: "payee-protection", label: t("settings.tabs.payeeProtection"), children: withSkeleton(<PayeeProtectionTab />) }]
      : []),
    ...(can("audit-log", "list") ? [{ key: "audit-log", label: t("settings.tabs.auditLog"), children: withSkeleton(<AuditLogTab />) }] : []),
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
