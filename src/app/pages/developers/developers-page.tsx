/**
 * /developers (SPEC §2 Developers): 'Developers' with a link to the API docs and the tabs Api Keys and
 * Webhooks. Both need the business's API_ACCESS feature (SPEC §6); without it a locked notice shows in
 * place of the tabs, like the other locked features.
 */
import { useSearchParams } from "react-router";
import { useTranslate } from "@refinedev/core";
import { Flex, Tabs, Typography } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import { useSession } from "../../session/session.tsx";
import { LockedNotice } from "../../components/resource/list-states.tsx";
import { ApiKeysTab } from "./api-keys-tab.tsx";
import { PageTitle } from "../../components/layout/page-title.tsx";
import { lazyNamed, withSkeleton } from "../../lib/lazy.ts";

/** The page opens on API keys; the webhooks tab's code loads when it is opened. */
const WebhooksTab = lazyNamed(() => import("./webhooks-tab.tsx"), "WebhooksTab");

export default function DevelopersPage() {
  const t = useTranslate();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  if (!session) return null;
  const locked = !session.features.includes("api_access");
  const tabs = [
    { key: "api-keys", label: t("developers.page.apiKeys"), children: <ApiKeysTab /> },
    { key: "webhooks", label: t("developers.page.webhooks"), children: withSkeleton(<WebhooksTab />) },
  ];
  const active = tabs.some((tab) => tab.key === params.get("tab")) ? params.get("tab")! : "api-keys";

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div>
          <PageTitle style={{ margin: 0 }}>{t("developers.page.title")}</PageTitle>
          <Typography.Text type="secondary">{t("developers.page.subtitle")}</Typography.Text>
        </div>
        {/* Served by the API server, outside the app's routes: a plain link in a new tab. */}
        <Typography.Link href="/docs" target="_blank" rel="noopener noreferrer">
          {t("developers.page.docs")} <ExportOutlined />
        </Typography.Link>
      </Flex>
      {locked ? (
        <LockedNotice name={t("developers.page.lockedName")} style={{ marginTop: 16 }} />
      ) : (
        <Tabs style={{ marginTop: 16 }} activeKey={active} onChange={(key) => setParams({ tab: key })} items={tabs} destroyOnHidden />
      )}
    </>
  );
}
