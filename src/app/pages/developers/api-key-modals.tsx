/**
 * The two read-only API key modals: the display modal showing a new key once (SPEC §7: data.api_key
 * is in the creation's answer only), and the details modal (GET api-keys/{id}, 'Error Fetching key
 * details' on failure) with 'Disable' for an ENABLED key.
 */
import { Alert, Button, Descriptions, Flex, Input, Modal, Skeleton, Space, Typography } from "antd";
import { developerEndpoints, type ApiKey } from "../../../../resources/developers.ts";
import { CopyButton } from "../../components/resource/renderers.tsx";
import type { CreatedKey } from "./api-key-create-modal.tsx";
import { FetchError, GrantTags, KEYS_QUERY, StateTag, formatDateTime, useDeveloperRights, useRecord } from "./developers-shared.tsx";

export function ApiKeyDisplayModal({ apiKey, onClose }: { apiKey: CreatedKey | null; onClose: () => void }) {
  return (
    <Modal
      title="Your new API key"
      open={!!apiKey}
      onCancel={onClose}
      // Closing on a stray click would lose the only showing of the key.
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          I have copied the key
        </Button>
      }
    >
      {apiKey && (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          <Alert
            type="warning"
            showIcon
            message="Copy this key now: it will not be shown again."
            description="Store it somewhere safe. Afterwards only its masked form is shown; if it is lost, generate a new key and disable this one."
          />
          <div>
            <Typography.Text strong>{apiKey.name}</Typography.Text>
            <Flex gap={4} align="center" style={{ marginTop: 8 }}>
              <Input readOnly aria-label="API key" value={apiKey.api_key} style={{ fontFamily: "monospace" }} onFocus={(e) => e.target.select()} />
              <CopyButton value={apiKey.api_key} label="Copy API key" />
            </Flex>
          </div>
          <Typography.Text type="secondary">
            Send it as <Typography.Text code>Authorization: Bearer &lt;key&gt;</Typography.Text> on each API call.
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}

type DetailsProps = { id: string | null; onClose: () => void; onDisable: (key: ApiKey) => void };

export function ApiKeyDetailsModal({ id, onClose, onDisable }: DetailsProps) {
  return (
    <Modal title="API key details" open={!!id} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {id && <ApiKeyDetails id={id} onDisable={onDisable} />}
    </Modal>
  );
}

function ApiKeyDetails({ id, onDisable }: { id: string; onDisable: (key: ApiKey) => void }) {
  // Hooks first, before any early return (React's rules of hooks).
  const query = useRecord(KEYS_QUERY, developerEndpoints.showApiKey, { id });
  const { mayDisable } = useDeveloperRights();
  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !query.data) return <FetchError message="Error Fetching key details" error={query.error} />;
  const k = query.data;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Name">{k.name}</Descriptions.Item>
        <Descriptions.Item label="Description">{k.description || <Typography.Text type="secondary">—</Typography.Text>}</Descriptions.Item>
        <Descriptions.Item label="Key">
          <Typography.Text code>{k.masked_key}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Permissions">
          <GrantTags grants={k.grants} />
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          <StateTag state={k.state} />
        </Descriptions.Item>
        <Descriptions.Item label="Created">{formatDateTime(k.created_date)}</Descriptions.Item>
        <Descriptions.Item label="Expires">{formatDateTime(k.expiry_date)}</Descriptions.Item>
        <Descriptions.Item label="Last used">{formatDateTime(k.last_used_at)}</Descriptions.Item>
      </Descriptions>
      {mayDisable(k) && (
        <Flex justify="end">
          <Button danger onClick={() => onDisable(k)}>
            Disable
          </Button>
        </Flex>
      )}
    </Space>
  );
}
