/**
 * Turning two-factor sign-in on or off is confirmed with a code emailed to the member: 'Send code'
 * (again after 60 s, SPEC §9), the 6-digit code, then POST (on) or DELETE (off) settings/security/mfa.
 * Cancelling, or a refused code, changes nothing.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../../i18n/validation.ts";
import { Button, Flex, Form, Modal, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import type { z } from "zod";
import { TwoFactorChange, settingsEndpoints } from "../../../../../resources/settings.ts";
import { isApiError } from "../../../api/client.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../../components/form/field.tsx";
import { CodeInput } from "../../../components/form/code-input.tsx";
import { useCountdown } from "../../../hooks/use-countdown.ts";

type Values = z.input<typeof TwoFactorChange>;
type Props = {
  /** The state asked for: true turns it on; null keeps the modal closed. */
  target: boolean | null;
  email: string;
  onClose: () => void;
  onChanged: (enabled: boolean) => void;
};

export function TwoFactorModal({ target, email, onClose, onChanged }: Props) {
  const t = useTranslate();
  return (
    <Modal
      title={target ? t("security.twoFactor.turnOnTitle") : t("security.twoFactor.turnOffTitle")}
      open={target !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {target !== null && <TwoFactorForm target={target} email={email} onClose={onClose} onChanged={onChanged} />}
    </Modal>
  );
}

function TwoFactorForm({ target, email, onClose, onChanged }: Omit<Props, "target"> & { target: boolean }) {
  const t = useTranslate();
  const toast = useToast();
  const { wait, restart } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(TwoFactorChange), defaultValues: { otp_code: "" } });

  async function send() {
    setSending(true);
    try {
      const res = await call(settingsEndpoints.twoFactorCode);
      toast.success(res.message);
      setSent(true);
      restart();
    } catch (e) {
      toast.error(e);
    } finally {
      setSending(false);
    }
  }

  const submit = form.handleSubmit(async ({ otp_code }) => {
    try {
      const res = await call(target ? settingsEndpoints.twoFactorOn : settingsEndpoints.twoFactorOff, { body: { otp_code } });
      toast.success(res.message);
      onChanged(target);
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Form layout="vertical" component="form" onFinish={submit} noValidate>
      <Typography.Paragraph>
        {target ? t("security.twoFactor.onBefore") : t("security.twoFactor.offBefore")}
        <Typography.Text strong>{email}</Typography.Text>
        {t("security.twoFactor.after")}
      </Typography.Paragraph>
      <Flex gap={8} align="flex-start">
        <div style={{ flex: 1 }}>
          <Field control={form.control} name="otp_code" label={t("security.verificationCode")}>
            {(f) => <CodeInput {...f} />}
          </Field>
        </div>
        <Form.Item label=" ">
          {wait > 0 ? (
            <Typography.Text type="secondary" style={{ lineHeight: "32px" }}>
              {t("security.resendIn", { seconds: wait })}
            </Typography.Text>
          ) : (
            <Button onClick={send} loading={sending}>
              {sent ? t("security.resendCode") : t("security.sendCode")}
            </Button>
          )}
        </Form.Item>
      </Flex>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t("security.cancel")}</Button>
        <Button type="primary" danger={!target} htmlType="submit" loading={form.formState.isSubmitting}>
          {target ? t("security.twoFactor.turnOn") : t("security.twoFactor.turnOff")}
        </Button>
      </Flex>
    </Form>
  );
}
