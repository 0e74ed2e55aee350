/**
 * "Confirm it's you" (issue 25, resources/step-up.ts): when the server answers that an action needs a
 * fresh step-up, the API client waits here; the person enters their password (or, with two-factor
 * sign-in, a code we email them), and the action is sent again. Cancelling leaves it undone.
 * Mounted once in the signed-in frame.
 */
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { Button, Flex, Form, Input, Modal, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { STEP_UP_MINUTES, StepUpByCode, StepUpByPassword, stepUpEndpoints, type StepUpInput } from "../../../../resources/step-up.ts";
import { isApiError, setStepUpPrompt } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { useCountdown } from "../../hooks/use-countdown.ts";
import { Field, applyServerErrors } from "../form/field.tsx";
import { CodeInput } from "../form/code-input.tsx";

type Pending = { hint: string; resolve: () => void; reject: () => void };

export function StepUpDialog() {
  const { session } = useSession();
  const t = useTranslate();
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;

  useEffect(
    () =>
      setStepUpPrompt(
        (hint) =>
          new Promise<void>((resolve, reject) => {
            // A second action waiting at the same time is confirmed by the same answer.
            const open = pendingRef.current;
            if (open) {
              setPending({ hint, resolve: () => (open.resolve(), resolve()), reject: () => (open.reject(), reject()) });
              return;
            }
            setPending({ hint, resolve, reject });
          }),
      ),
    [],
  );

  const close = (confirmed: boolean) => {
    if (confirmed) pending?.resolve();
    else pending?.reject();
    setPending(null);
  };

  return (
    <Modal title={t("security.stepUp.title")} open={!!pending} onCancel={() => close(false)} footer={null} destroyOnHidden>
      {pending && (
        <>
          {/* The hint is the server's own wording. */}
          <Typography.Paragraph>{t("security.stepUp.why", { hint: pending.hint, minutes: STEP_UP_MINUTES })}</Typography.Paragraph>
          {session?.user.two_factor_enabled ? (
            <CodeForm email={session.user.email} onDone={() => close(true)} onCancel={() => close(false)} />
          ) : (
            <PasswordForm onDone={() => close(true)} onCancel={() => close(false)} />
          )}
        </>
      )}
    </Modal>
  );
}

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

function PasswordForm({ onDone, onCancel }: FormProps) {
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

function CodeForm({ email, onDone, onCancel }: FormProps & { email: string }) {
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
