/**
 * The Webhooks tab (SPEC §3 Webhook, §4 states, §7 iris/v1/client-webhooks, §8, §9 page size 10): the
 * endpoints with their events and state, a row opening the details and recent deliveries, 'Add
 * webhook', 'Edit', and 'Disable' (confirmed) or 'Enable'.
 */
import { useState } from "react";
import { App, Button, Flex, Space, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { developerEndpoints, type Webhook } from "../../../../resources/developers.ts";
import { WebhookCreateModal, WebhookUpdateModal } from "./webhook-form-modals.tsx";
import { WebhookDetailsModal } from "./webhook-details-modal.tsx";
import { HOOKS_QUERY, ListCard, StateTag, formatDate, useDeveloperCall, useDeveloperRights, usePagedList } from "./developers-shared.tsx";

/** Up to this many events show as tags in the list; more show as a count. */
const TAGGED_EVENTS = 2;

export function WebhooksTab() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = usePagedList(HOOKS_QUERY, developerEndpoints.listWebhooks, page);
  const toggle = useToggleWebhook();
  const { manageWebhooks } = useDeveloperRights();
  const actionColumn: TableColumnsType<Webhook>[number] = {
    key: "action",
    title: "Action",
    fixed: "right",
    render: (_, r) => (
      // The row opens the details on click: the buttons must not do that too.
      <Space size={4} onClick={(e) => e.stopPropagation()}>
        <Button size="small" onClick={() => setEditing(r)}>
          Edit
        </Button>
        {r.state === "ENABLED" ? (
          <Button size="small" danger onClick={() => toggle(r)}>
            Disable
          </Button>
        ) : (
          <Button size="small" onClick={() => toggle(r)}>
            Enable
          </Button>
        )}
      </Space>
    ),
  };
  return (
    <ListCard<Webhook>
      intro="Webhooks POST signed events to your endpoint as they happen."
      action={
        manageWebhooks && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            Add webhook
          </Button>
        )
      }
      list={list}
      page={page}
      onPage={setPage}
      errorMessage="Error fetching webhooks"
      emptyText="You have not created any Webhooks yet."
      onOpen={(r) => setViewing(r.id)}
      columns={[
        { key: "url", title: "URL", render: (_, r) => <Typography.Text style={{ maxWidth: 360, wordBreak: "break-all" }}>{r.url}</Typography.Text> },
        { key: "enabled_events", title: "Events", render: (_, r) => <EventTags events={r.enabled_events} /> },
        { key: "state", title: "Status", render: (_, r) => <StateTag state={r.state} /> },
        { key: "created_date", title: "Created", render: (_, r) => formatDate(r.created_date, "—") },
        ...(manageWebhooks ? [actionColumn] : []),
      ]}
    >
      <WebhookCreateModal open={creating} onClose={() => setCreating(false)} />
      <WebhookUpdateModal webhook={editing} onClose={() => setEditing(null)} />
      <WebhookDetailsModal
        id={viewing}
        onClose={() => setViewing(null)}
        onEdit={(w) => (setViewing(null), setEditing(w))}
        onToggle={toggle}
        canManage={manageWebhooks}
      />
    </ListCard>
  );
}

function EventTags({ events }: { events: string[] }) {
  if (events.length <= TAGGED_EVENTS) {
    return (
      <Flex gap={4} wrap>
        {events.map((e) => (
          <Tag key={e}>{e}</Tag>
        ))}
      </Flex>
    );
  }
  return (
    <Tooltip title={events.join(", ")}>
      <Tag>{`${events.length} events`}</Tag>
    </Tooltip>
  );
}

/**
 * SPEC §4: an ENABLED webhook may be disabled after a confirmation (its pending deliveries then stop);
 * a DISABLED one is enabled at once.
 */
export function useToggleWebhook() {
  const { modal } = App.useApp();
  const call = useDeveloperCall();
  return (w: Pick<Webhook, "id" | "url" | "state">) => {
    const params = { id: w.id };
    if (w.state !== "ENABLED") {
      void call(developerEndpoints.enableWebhook, { params }, HOOKS_QUERY).catch(() => undefined);
      return;
    }
    modal.confirm({
      title: "Disable this webhook?",
      content: `Events will no longer be sent to ${w.url} until it is enabled again.`,
      okText: "Disable",
      okButtonProps: { danger: true },
      onOk: () => call(developerEndpoints.disableWebhook, { params }, HOOKS_QUERY).catch(() => undefined),
    });
  };
}
