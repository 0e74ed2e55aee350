/**
 * The two read-only API key modals: the display modal showing a new key once (SPEC §7: data.api_key
 * is in the creation's answer only), and the details modal (GET api-keys/{id}, 'Error Fetching key
 * details' on failure) with the key's declared fields and 'Disable' for an ENABLED key.
 */
import { useOne, useTranslate } from "@refinedev/core";
import { Alert, Button, Descriptions, Flex, Input, Modal, Skeleton, Space, Typography } from "antd";
import { apiKeys, type ApiKey } from "../../../../resources/developers.ts";
import { RecordActions, useRecordActions } from "../../components/resource/record-actions.tsx";
import { CopyButton, renderField } from "../../components/resource/renderers.tsx";
import type { DetailsScreenProps } from "../../components/resource/screens.tsx";
import type { CreatedKey } from "./api-key-create-modal.tsx";
import { useDeclared } from "../../components/resource/use-declared.ts";
import { FetchError } from "./developers-shared.tsx";

export function ApiKeyDisplayModal({ apiKey, onClose }: { apiKey: CreatedKey | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal
      title={t("developers.apiKey.newTitle")}
      open={!!apiKey}
      onCancel={onClose}
      // Closing on a stray click would lose the only showing of the key.
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t("developers.apiKey.copied")}
        </Button>
      }
    >
      {apiKey && (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          <Alert type="warning" showIcon message={t("developers.apiKey.copyNow")} description={t("developers.apiKey.storeSafe")} />
          <div>
            <Typography.Text strong>{apiKey.name}</Typography.Text>
            <Flex gap={4} align="center" style={{ marginTop: 8 }}>
              <Input
                readOnly
                aria-label={t("developers.apiKey.key")}
                value={apiKey.api_key}
                style={{ fontFamily: "monospace" }}
                onFocus={(e) => e.target.select()}
              />
              <CopyButton value={apiKey.api_key} label={t("developers.apiKey.copyKey")} />
            </Flex>
          </div>
          <Typography.Text type="secondary">
            {t("developers.apiKey.sendAs")}
            <Typography.Text code>{"Authorization: Bearer <key>"}</Typography.Text>
            {t("developers.apiKey.onEachCall")}
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}

/** Opened by a row of the Api Keys list (ResourceDef.detailsModal). */
export function ApiKeyDetailsModal({ id, onClose }: DetailsScreenProps) {
  const t = useTranslate();
  return (
    <Modal title={t("developers.apiKey.detailsTitle")} open={!!id} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {id && <ApiKeyDetails id={id} />}
    </Modal>
  );
}

function ApiKeyDetails({ id }: { id: string }) {
  const t = useTranslate();
  const def = useDeclared(apiKeys);
  // Read as the list's resource: whatever changes the key (its Disable) re-reads it.
  const { query, result: k } = useOne<ApiKey>({ resource: apiKeys.name, id, errorNotification: false });
  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !k) return <FetchError message={t("developers.apiKey.detailsError")} error={query.error} />;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Descriptions column={1} bordered size="small">
        {(def.detail ?? []).map((d) => (
          <Descriptions.Item key={d.field} label={d.label}>
            {renderField(d, k)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <KeyActions apiKey={k} />
    </Space>
  );
}

/** The declared actions this member may run on the key (its Disable), at the end; nothing when there are none. */
function KeyActions({ apiKey }: { apiKey: ApiKey }) {
  const { offered } = useRecordActions(apiKeys, apiKey);
  if (offered.length === 0) return null;
  return (
    <Flex justify="end">
      <RecordActions def={apiKeys} record={apiKey} />
    </Flex>
  );
}
