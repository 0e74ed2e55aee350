/**
 * One row per document kind: what it is, what the reviewer expects, the file uploaded (one per kind;
 * a new upload replaces it) and the control to upload or remove it.
 */
import { useTranslate } from "@refinedev/core";
import { useRef, useState } from "react";
import { Button, Card, Flex, List, Space, Typography } from "antd";
import { FileOutlined } from "@ant-design/icons";
import { KYB_DOCUMENT_KINDS, KYB_DOCUMENT_MAX_BYTES, KYB_DOCUMENT_TYPES, KYB_DOCUMENTS, type KybDocumentKind } from "../../../../resources/kyb.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { verificationApi, type KybCaseView, type KybDocumentInfo } from "./api.ts";
import { documentLabels } from "./labels.ts";

const ACCEPT = ".pdf,.png,.jpg,.jpeg";

type Props = { token: string; view: KybCaseView; onChanged: (view: KybCaseView) => void };

export function DocumentsCard({ token, view, onChanged }: Props) {
  const t = useTranslate();
  return (
    <Card title={t("sandbox.kyb.documents.title")}>
      <Typography.Paragraph type="secondary">{t("sandbox.kyb.documents.limits", { types: KYB_DOCUMENT_TYPES })}</Typography.Paragraph>
      <List
        dataSource={KYB_DOCUMENT_KINDS}
        renderItem={(kind) => (
          <DocumentRow key={kind} token={token} kind={kind} doc={view.documents.find((d) => d.kind === kind)} disabled={!view.editable} onChanged={onChanged} />
        )}
      />
    </Card>
  );
}

function DocumentRow({
  token,
  kind,
  doc,
  disabled,
  onChanged,
}: {
  token: string;
  kind: KybDocumentKind;
  doc?: KybDocumentInfo;
  disabled: boolean;
  onChanged: (view: KybCaseView) => void;
}) {
  const t = useTranslate();
  const { required } = KYB_DOCUMENTS[kind];
  const { label, hint } = documentLabels(t)[kind];
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function run(call: () => Promise<KybCaseView>, done: string) {
    setBusy(true);
    try {
      onChanged(await call());
      toast.success(done);
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(false);
    }
  }

  async function chosen(file: File | undefined) {
    // Cleared so choosing the same file again still fires a change.
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > KYB_DOCUMENT_MAX_BYTES) return void toast.error(new Error(t("sandbox.kyb.documents.tooLarge")));
    await run(() => verificationApi.upload(token, kind, file), t("sandbox.kyb.documents.uploaded"));
  }

  return (
    <List.Item>
      <Flex justify="space-between" align="center" gap={16} wrap style={{ width: "100%" }}>
        <div>
          <Typography.Text strong>{required ? label : t("sandbox.kyb.documents.optional", { label })}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{hint}</Typography.Text>
          {doc && (
            <div>
              <Space size={4}>
                <FileOutlined />
                <Typography.Text>{doc.file_name}</Typography.Text>
              </Space>
            </div>
          )}
        </div>
        <Space>
          {doc && (
            <Button
              danger
              disabled={disabled || busy}
              aria-label={t("sandbox.kyb.documents.removeLabel", { label })}
              onClick={() => run(() => verificationApi.removeDocument(token, doc.id), t("sandbox.kyb.documents.removed"))}
            >
              {t("sandbox.kyb.documents.remove")}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            aria-label={t("sandbox.kyb.documents.uploadLabel", { label })}
            hidden
            disabled={disabled || busy}
            onChange={(e) => chosen(e.target.files?.[0])}
          />
          <Button disabled={disabled} loading={busy} onClick={() => input.current?.click()}>
            {doc ? t("sandbox.kyb.documents.replace") : t("sandbox.kyb.documents.upload")}
          </Button>
        </Space>
      </Flex>
    </List.Item>
  );
}
