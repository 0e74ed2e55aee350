/**
 * Generate API key (SPEC §5 API key, §7 POST api-keys): name required, description optional, an
 * optional expiry that must be in the future, and at least one permission out of the signed-in
 * member's own (the server refuses grants beyond them), checked with the schema the server uses.
 */
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { useTranslate, type HttpError } from "@refinedev/core";
import type { z } from "zod";
import { Alert, Button, Flex, Form, Input, Modal } from "antd";
import { DayPicker } from "../../components/form/day-picker.tsx";
import { ApiKeyInput, developerEndpoints, type ApiKey } from "../../../../resources/developers.ts";
import { PERMISSIONS, type Permission } from "../../../../policies/catalog.ts";
import { isApiError } from "../../api/client.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { useSession } from "../../session/session.tsx";
import { Checklist, NamedOption, useDeveloperCall } from "./developers-shared.tsx";

export type CreatedKey = ApiKey & { api_key: string };

type Values = z.input<typeof ApiKeyInput>;
type Body = z.output<typeof ApiKeyInput>;

const EMPTY: Values = { name: "", description: "", expiry_date: null, grants: [] };

type Props = { open: boolean; onClose: () => void; onCreated: (key: CreatedKey) => void };

export function ApiKeyCreateModal({ open, onClose, onCreated }: Props) {
  const t = useTranslate();
  return (
    <Modal title={t("developers.apiKey.generateTitle")} open={open} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      <ApiKeyForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function ApiKeyForm({ onClose, onCreated }: Omit<Props, "open">) {
  const t = useTranslate();
  const { session } = useSession();
  const call = useDeveloperCall();
  const form = useForm<Values, HttpError, Body>({ resolver: zodResolver(ApiKeyInput), defaultValues: EMPTY });
  // Only what the member holds can be granted; pseudo-permissions are not grants.
  const options = useMemo(
    () =>
      (Object.keys(PERMISSIONS) as Permission[])
        .filter((p) => session?.permissions.includes(p))
        .map((p) => ({ value: p, label: <NamedOption name={p} description={PERMISSIONS[p]} /> })),
    [session],
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await call(developerEndpoints.createApiKey, { body: values });
      onCreated(res.data);
    } catch (e) {
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <Field control={form.control} name="name" label={t("developers.apiKey.name")}>
        {(f) => <Input {...f} maxLength={100} placeholder={t("developers.apiKey.namePlaceholder")} autoComplete="off" />}
      </Field>
      <Field control={form.control} name="description" label={t("developers.apiKey.description")}>
        {(f) => <Input.TextArea {...f} value={f.value ?? ""} rows={2} maxLength={300} placeholder={t("developers.apiKey.descriptionPlaceholder")} />}
      </Field>
      <Field control={form.control} name="expiry_date" label={t("developers.apiKey.expiry")} extra={t("developers.apiKey.expiryExtra")}>
        {(f) => (
          <DayPicker
            id={f.id}
            placeholder={t("developers.apiKey.noExpiry")}
            // Past days stay selectable on purpose: the schema explains why they are refused.
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
          />
        )}
      </Field>
      <Field control={form.control} name="grants" label={t("developers.apiKey.permissions")}>
        {(f) =>
          options.length ? (
            <Checklist id={f.id} options={options} value={f.value} onChange={(v) => f.onChange(v as Permission[])} onBlur={f.onBlur} />
          ) : (
            <Alert id={f.id} type="info" showIcon message={t("developers.apiKey.noPermissions")} />
          )
        }
      </Field>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t("developers.cancel")}</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {t("developers.apiKey.generate")}
        </Button>
      </Flex>
    </Form>
  );
}
