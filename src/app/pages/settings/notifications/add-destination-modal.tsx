/**
 * 'Add email' (SPEC §5 "Notification email required to save", §7 POST settings/business-notifications):
 * an extra address that hears about the business, its four topics on unless switched off here.
 */
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "../../../i18n/validation.ts";
import { Button, Flex, Form, Input, Modal, Switch, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import {
  BusinessNotification,
  NOTIFICATION_TOPIC_KEYS,
  settingsEndpoints,
  type NotificationSettings,
  type NotificationTopic,
} from "../../../../../resources/settings.ts";
import { isApiError } from "../../../api/client.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../../components/form/field.tsx";

export type Destination = NotificationSettings["business"][number];
type Values = z.input<typeof BusinessNotification>;
type Output = z.output<typeof BusinessNotification>;
type Props = { open: boolean; onClose: () => void; onCreated: (d: Destination) => void };

const EMPTY: Values = { email: "", inbound_outbound_transfers: true, fx_conversions: true, invoice_payments: true, account_updates: true };

export function AddDestinationModal({ open, onClose, onCreated }: Props) {
  const t = useTranslate();
  return (
    <Modal title={t("settings.notifications.addEmail")} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <AddDestinationForm onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function AddDestinationForm({ onClose, onCreated }: Omit<Props, "open">) {
  const t = useTranslate();
  const toast = useToast();
  const topics: Record<NotificationTopic, string> = {
    inbound_outbound_transfers: t("settings.notifications.topics.transfers"),
    fx_conversions: t("settings.notifications.topics.fx"),
    invoice_payments: t("settings.notifications.topics.invoicePayments"),
    account_updates: t("settings.notifications.topics.accountUpdates"),
  };
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(BusinessNotification), defaultValues: EMPTY });

  const submit = form.handleSubmit(async (values) => {
    try {
      const res = await call(settingsEndpoints.addRecipient, { body: values });
      toast.success(res.message);
      onCreated(res.data);
      onClose();
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <Field control={form.control} name="email" label={t("settings.notifications.email")}>
        {(f) => <Input {...f} type="email" autoComplete="off" placeholder={t("settings.notifications.emailPlaceholder")} />}
      </Field>
      <Typography.Text type="secondary">{t("settings.notifications.sendThisAddress")}</Typography.Text>
      {/* Booleans that cannot be wrong: no validation message to show, so no Form.Item spacing either. */}
      <Flex vertical gap={12} style={{ margin: "12px 0 24px" }}>
        {NOTIFICATION_TOPIC_KEYS.map((key) => (
          <Controller
            key={key}
            control={form.control}
            name={key}
            render={({ field }) => (
              <Flex justify="space-between" align="center">
                <label htmlFor={`field-${key}`}>{topics[key]}</label>
                <Switch id={`field-${key}`} checked={field.value ?? true} onChange={field.onChange} />
              </Flex>
            )}
          />
        ))}
      </Flex>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t("settings.cancel")}</Button>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {t("settings.save")}
        </Button>
      </Flex>
    </Form>
  );
}
