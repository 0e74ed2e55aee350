/**
 * The Api Keys tab (SPEC §3 API key, §4 states, §7 GET/POST api-keys, §8, §9 page size 10): the keys
 * with their masked value only, a row opening the details, 'Generate API key' leading to the one
 * showing of the key, and 'Disable' (confirmed; a key is never re-enabled).
 */
import { useState } from "react";
import { App, Button, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { developerEndpoints, type ApiKey } from "../../../../resources/developers.ts";
import { ApiKeyCreateModal, type CreatedKey } from "./api-key-create-modal.tsx";
import { ApiKeyDetailsModal, ApiKeyDisplayModal } from "./api-key-modals.tsx";
import {
  GrantTags,
  KEYS_QUERY,
  ListCard,
  StateTag,
  formatDate,
  formatDateTime,
  useDeveloperCall,
  useDeveloperRights,
  usePagedList,
} from "./developers-shared.tsx";

export function ApiKeysTab() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  // The key itself lives only here, between its creation and the display modal's closing.
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const list = usePagedList(KEYS_QUERY, developerEndpoints.listApiKeys, page);
  const disable = useDisableKey();
  const { mayDisable } = useDeveloperRights();

  return (
    <ListCard<ApiKey>
      intro="Keys let your systems call the API with the permissions you grant them."
      action={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          Generate API key
        </Button>
      }
      list={list}
      page={page}
      onPage={setPage}
      errorMessage="Error fetching api keys"
      emptyText="You have not generated any API keys yet."
      onOpen={(r) => setViewing(r.id)}
      columns={[
        { key: "name", title: "Name", dataIndex: "name" },
        { key: "masked_key", title: "Key", render: (_, r) => <Typography.Text code>{r.masked_key}</Typography.Text> },
        { key: "grants", title: "Permissions", render: (_, r) => <GrantTags grants={r.grants} /> },
        { key: "created_date", title: "Created", render: (_, r) => formatDate(r.created_date) },
        { key: "expiry_date", title: "Expires", render: (_, r) => formatDate(r.expiry_date) },
        { key: "last_used_at", title: "Last used", render: (_, r) => formatDateTime(r.last_used_at) },
        { key: "state", title: "Status", render: (_, r) => <StateTag state={r.state} /> },
        {
          key: "action",
          title: "Action",
          // Long grant lists scroll the table sideways; the action stays in reach.
          fixed: "right",
          render: (_, r) =>
            mayDisable(r) ? (
              // The row opens the details on click: this button must not do that too.
              <Button size="small" danger onClick={(e) => (e.stopPropagation(), disable(r))}>
                Disable
              </Button>
            ) : null,
        },
      ]}
    >
      <ApiKeyCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setPage(1);
          setCreated(key);
        }}
      />
      <ApiKeyDisplayModal apiKey={created} onClose={() => setCreated(null)} />
      <ApiKeyDetailsModal id={viewing} onClose={() => setViewing(null)} onDisable={disable} />
    </ListCard>
  );
}

/** 'Disable' asks first: a disabled key stops at once and cannot be turned back on (SPEC §4). */
export function useDisableKey() {
  const { modal } = App.useApp();
  const call = useDeveloperCall();
  return (key: Pick<ApiKey, "id" | "name">) =>
    modal.confirm({
      title: `Disable the API key '${key.name}'?`,
      content: "Calls made with it will be refused from now on. A disabled key cannot be enabled again.",
      okText: "Disable",
      okButtonProps: { danger: true },
      onOk: () => call(developerEndpoints.disableApiKey, { params: { id: key.id } }, KEYS_QUERY).catch(() => undefined),
    });
}
