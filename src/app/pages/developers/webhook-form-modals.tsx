/**
 * Add and update webhook (SPEC §5 Webhook, §7 POST / PUT iris/v1/client-webhooks): a trimmed URL
 * ('URL is required', 'Must be a valid URL', 'Enter a valid URL') and at least one event out of the
 * available ones ('Select at least one event', with 'Select all'), checked with the schemas the
 * server uses. On creation the signing secret is made in this browser (12 letters and digits, SPEC
 * §9) and shown in full only here; so is the new one of 'Rotate secret' (POST .../:id/rotate-secret),
 * after which the old secret keeps verifying for SECRET_OVERLAP_HOURS.
 */
import { useState } from "react";
import { useForm, type Control, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { useQuery } from "@tanstack/react-query";
import { useTranslate, type HttpError } from "@refinedev/core";
import type { z } from "zod";
import { Alert, Button, Flex, Form, Input, Modal, Skeleton, Tooltip, Typography } from "antd";
import dayjs from "dayjs";
import { ReloadOutlined } from "@ant-design/icons";
import {
  SECRET_OVERLAP_HOURS,
  WebhookInput,
  WebhookUpdate,
  developerEndpoints,
  generateWebhookSecret,
  type Webhook,
  type WebhookEvent,
} from "../../../../resources/developers.ts";
import type { Endpoint } from "../../../../resources/define-endpoint.ts";
import { isApiError } from "../../api/client.ts";
import { call, type CallInput } from "../../api/call.ts";
import { Field, applyServerErrors } from "../../components/form/field.tsx";
import { CopyButton } from "../../components/resource/renderers.tsx";
import { Checklist, NamedOption, formatDateTime, useDeveloperCall } from "./developers-shared.tsx";

type CreateValues = z.input<typeof WebhookInput>;
type CreateBody = z.output<typeof WebhookInput>;
type UpdateValues = z.input<typeof WebhookUpdate>;
type UpdateBody = z.output<typeof WebhookUpdate>;

const newSecret = () => generateWebhookSecret((n) => crypto.getRandomValues(new Uint8Array(n)));

export function WebhookCreateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal title={t("developers.webhook.addTitle")} open={open} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false} width={640}>
      <CreateForm onClose={onClose} />
    </Modal>
  );
}

export function WebhookUpdateModal({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal title={t("developers.webhook.updateTitle")} open={!!webhook} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {webhook && <UpdateForm webhook={webhook} onClose={onClose} />}
    </Modal>
  );
}

export function WebhookRotateSecretModal({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Modal title={t("developers.webhook.rotateTitle")} open={!!webhook} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false} width={560}>
      {webhook && <RotateSecret webhook={webhook} onClose={onClose} />}
    </Modal>
  );
}

/** The confirmation: the new secret (made here, shown in full only now) and how long the old one still verifies. */
function RotateSecret({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useTranslate();
  const send = useDeveloperCall();
  // Made once per opening, so the secret copied is the one sent.
  const [secret] = useState(newSecret);
  const [saving, setSaving] = useState(false);
  const overlapEnds = dayjs().add(SECRET_OVERLAP_HOURS, "hour").toISOString();
  const rotate = async () => {
    setSaving(true);
    try {
      await send(developerEndpoints.rotateSecret, { params: { id: webhook.id }, body: { secret } });
      onClose();
    } catch {
      // The server's message was toasted; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        {t("developers.webhook.newSecretFor")}{" "}
        <Typography.Text strong style={{ wordBreak: "break-all" }}>
          {webhook.url}
        </Typography.Text>
        {t("developers.webhook.newSecretForEnd")}
      </Typography.Text>
      <Flex gap={4} align="center">
        <Input readOnly value={secret} aria-label={t("developers.webhook.newSecret")} style={{ fontFamily: "monospace" }} onFocus={(e) => e.target.select()} />
        <CopyButton value={secret} label={t("developers.webhook.copySecret")} />
      </Flex>
      <Alert
        type="info"
        showIcon
        message={t("developers.webhook.overlap", { hours: SECRET_OVERLAP_HOURS, when: formatDateTime(overlapEnds, t("developers.never")) })}
      />
      <Typography.Text type="secondary">{t("developers.webhook.copyNow")}</Typography.Text>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t("developers.cancel")}</Button>
        <Button type="primary" loading={saving} onClick={rotate}>
          {t("developers.webhook.rotateSecret")}
        </Button>
      </Flex>
    </Flex>
  );
}

/** Saves through the API with its message toasted; the server's field errors land under the fields. */
function useSave(onClose: () => void) {
  const send = useDeveloperCall();
  return async <E extends Endpoint>(endpoint: E, input: CallInput<E>, setErrors: (errors: { path: string; message: string }[]) => void) => {
    try {
      await send(endpoint, input);
      onClose();
    } catch (e) {
      if (isApiError(e)) setErrors(e.errors);
    }
  };
}

function CreateForm({ onClose }: { onClose: () => void }) {
  const t = useTranslate();
  const save = useSave(onClose);
  // Made once per opening, so the secret copied is the one sent.
  const [initial] = useState<CreateValues>(() => ({ url: "", secret: newSecret(), enabled_events: [] }));
  const form = useForm<CreateValues, HttpError, CreateBody>({ resolver: zodResolver(WebhookInput), defaultValues: initial });

  const submit = form.handleSubmit((values) => save(developerEndpoints.createWebhook, { body: values }, (errors) => applyServerErrors(errors, form.setError)));

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <UrlField control={form.control} />
      <Field control={form.control} name="secret" label={t("developers.webhook.signingSecret")} extra={t("developers.webhook.signingSecretExtra")}>
        {(f) => (
          <Flex gap={4} align="center">
            <Input id={f.id} readOnly value={f.value} style={{ fontFamily: "monospace" }} onFocus={(e) => e.target.select()} />
            <CopyButton value={f.value} label={t("developers.webhook.copySecret")} />
            <Tooltip title={t("developers.webhook.anotherSecret")}>
              <Button
                type="text"
                size="small"
                aria-label={t("developers.webhook.anotherSecret")}
                icon={<ReloadOutlined />}
                onClick={() => f.onChange(newSecret())}
              />
            </Tooltip>
          </Flex>
        )}
      </Field>
      <EventsField control={form.control} />
      <Actions onClose={onClose} submitting={form.formState.isSubmitting} label={t("developers.webhook.create")} />
    </Form>
  );
}

function UpdateForm({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useTranslate();
  const save = useSave(onClose);
  const form = useForm<UpdateValues, HttpError, UpdateBody>({
    resolver: zodResolver(WebhookUpdate),
    defaultValues: { url: webhook.url, enabled_events: webhook.enabled_events as WebhookEvent[] },
  });

  const submit = form.handleSubmit((values) =>
    save(developerEndpoints.updateWebhook, { params: { id: webhook.id }, body: values }, (errors) => applyServerErrors(errors, form.setError)),
  );

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <UrlField control={form.control} />
      <EventsField control={form.control} />
      <Actions onClose={onClose} submitting={form.formState.isSubmitting} label={t("developers.webhook.saveChanges")} />
    </Form>
  );
}

type Shared = { url: string; enabled_events: WebhookEvent[] };

function UrlField<T extends FieldValues & Shared>({ control }: { control: Control<T> }) {
  const t = useTranslate();
  return (
    <Field control={control} name={"url" as Path<T>} label={t("developers.webhook.url")} extra={t("developers.webhook.urlExtra")}>
      {(f) => <Input {...f} type="url" placeholder={t("developers.webhook.urlPlaceholder")} autoComplete="off" />}
    </Field>
  );
}

export function useAvailableEvents() {
  return useQuery({
    queryKey: ["webhook-events"],
    queryFn: async () => (await call(developerEndpoints.availableEvents)).data,
    staleTime: 10 * 60_000,
  });
}

function EventsField<T extends FieldValues & Shared>({ control }: { control: Control<T> }) {
  const t = useTranslate();
  const events = useAvailableEvents();
  return (
    <Field control={control} name={"enabled_events" as Path<T>} label={t("developers.webhook.events")}>
      {(f) =>
        events.isLoading ? (
          <div id={f.id}>
            <Skeleton active paragraph={{ rows: 3 }} title={false} />
          </div>
        ) : events.isError ? (
          <Alert id={f.id} type="error" showIcon message={(events.error as { message?: string }).message} />
        ) : (
          <Checklist
            id={f.id}
            options={(events.data ?? []).map((e) => ({ value: e.name, label: <NamedOption name={e.name} description={e.description} /> }))}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
          />
        )
      }
    </Field>
  );
}

function Actions({ onClose, submitting, label }: { onClose: () => void; submitting: boolean; label: string }) {
  const t = useTranslate();
  return (
    <Flex justify="end" gap={8}>
      <Button onClick={onClose}>{t("developers.cancel")}</Button>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {label}
      </Button>
    </Flex>
  );
}
