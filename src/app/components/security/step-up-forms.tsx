/**
 * The step-up dialog's two forms (password, or emailed code), loaded when the dialog first opens:
 * the signed-in frame mounts the dialog on every page, and its forms (react-hook-form, antd's Form
 * and inputs) would otherwise weigh on every page's first download.
 */
import { useState } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Button, Flex, Form, Input, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { StepUpByCode, StepUpByPassword, stepUpEndpoints, type StepUpInput } from "../../../../resources/step-up.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useToast } from "../../hooks/use-toast.ts";
import { useCountdown } from "../../hooks/use-countdown.ts";
import { Field, applyServerErrors } from "../form/field.tsx";
import { CodeInput } from "../form/code-input.tsx";

type FormProps = { onDone: () => void; onCancel: () => void };

function Actions({ onCancel, submitting }: { onCancel: () => void; submitting: boolean }) {
  const t = useTranslate();
  return (
    <Flex justify="end" gap={8}>
      <Button onClick={onCancel}>{t("security.cancel")}</Button>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t("security.stepUp.confirm")}
      </Button>
    </Flex>
  );
}

/** Sends the confirmation; the server's field errors go under the field, anything else to a toast. */
function useConfirm<T extends FieldValues & StepUpInput>(form: UseFormReturn<T>, onDone: () => void) {
  const toast = useToast();
  return form.handleSubmit(async (values) => {
    try {
      await call(stepUpEndpoints.confirm, { body: values });
      onDone();
    } catch (e) {
      if (isApiError(e) && e.errors.length) applyServerErrors(e.errors, form.setError);
      else toast.error(e);
    }
  });
}

export function PasswordForm({ onDone, onCancel }: FormProps) {
  const t = useTranslate();
  const form = useForm<z.input<typeof StepUpByPassword>>({ resolver: zodResolver(StepUpByPassword), defaultValues: { password: "" } });
  const submit = useConfirm(form, onDone);
  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <Field control={form.control} name="password" label={t("security.stepUp.password")}>
        {(f) => <Input.Password {...f} autoComplete="current-password" autoFocus />}
      </Field>
      <Actions onCancel={onCancel} submitting={form.formState.isSubmitting} />
    </Form>
  );
}

export function CodeForm({ email, onDone, onCancel }: FormProps & { email: string }) {
  const t = useTranslate();
  const toast = useToast();
  const { wait, restart } = useCountdown();
  const [sent, setSent] = useState(false);
  const form = useForm<z.input<typeof StepUpByCode>>({ resolver: zodResolver(StepUpByCode), defaultValues: { otp_code: "" } });
  const submit = useConfirm(form, onDone);

  async function sendCode() {
    try {
      toast.success((await call(stepUpEndpoints.oneTimeCode, { body: { purpose: "step_up" } })).message);
      setSent(true);
      restart();
    } catch (e) {
      toast.error(e);
    }
  }

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <Typography.Paragraph type="secondary">
        {t("security.stepUp.codeBefore")}
        <Typography.Text strong>{email}</Typography.Text>
        {t("security.stepUp.codeAfter")}
      </Typography.Paragraph>
      <Flex gap={8} align="flex-start">
        <div style={{ flex: 1 }}>
          <Field control={form.control} name="otp_code" label={t("security.verificationCode")}>
            {(f) => <CodeInput {...f} />}
          </Field>
        </div>
        <Button style={{ marginTop: 30 }} onClick={sendCode} disabled={wait > 0}>
          {wait > 0 ? t("security.resendIn", { seconds: wait }) : sent ? t("security.resendCode") : t("security.sendCode")}
        </Button>
      </Flex>
      <Actions onCancel={onCancel} submitting={form.formState.isSubmitting} />
    </Form>
  );
}
