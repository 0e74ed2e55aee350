/**
 * Naming a view: "Save view" asks for a name and whether the team sees it; "Rename" for the name
 * alone. The server refuses a name the list already has (409); its message shows under the field.
 */
import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Form, Input, Modal, Switch } from "antd";
import { isApiError } from "../../api/client.ts";

export type ViewNaming = { name: string; shared: boolean };

type Props = {
  title: string;
  okText: string;
  initial?: ViewNaming;
  /** Rename: the name only. */
  nameOnly?: boolean;
  onSubmit: (v: ViewNaming) => Promise<void>;
  onClose: () => void;
};

export function SavedViewDialog({ title, okText, initial = { name: "", shared: false }, nameOnly = false, onSubmit, onClose }: Props) {
  const t = useTranslate();
  const [name, setName] = useState(initial.name);
  const [shared, setShared] = useState(initial.shared);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!name.trim()) return setError(t("resource.views.nameRequired"));
    setSaving(true);
    try {
      await onSubmit({ name: name.trim(), shared });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : t("common.somethingWentWrong"));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={title} okText={okText} onOk={submit} confirmLoading={saving} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t("resource.views.name")} htmlFor="saved-view-name" validateStatus={error ? "error" : undefined} help={error}>
          <Input
            id="saved-view-name"
            autoFocus
            maxLength={60}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
        </Form.Item>
        {!nameOnly && (
          <Form.Item label={t("resource.views.share")} htmlFor="saved-view-shared">
            <Switch id="saved-view-shared" checked={shared} onChange={setShared} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
