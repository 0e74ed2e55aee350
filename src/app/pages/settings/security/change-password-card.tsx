/**
 * Change password (SPEC §5 Password change, §7 POST settings/change-password): the current password,
 * the new one with its live checklist, and the confirmation, checked by the shared ChangePasswordForm
 * schema. The server's field errors ('Current password is incorrect') land on their fields.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "../../../i18n/validation.ts";
import { Button, Card, Form, Input } from "antd";
import { useTranslate } from "@refinedev/core";
import { ChangePasswordForm, settingsEndpoints } from "../../../../../resources/settings.ts";
import { PasswordChecklist } from "../../../components/form/password-checklist.tsx";
import { isApiError } from "../../../api/client.ts";
import { call } from "../../../api/call.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { Field, applyServerErrors } from "../../../components/form/field.tsx";

const EMPTY: ChangePasswordForm = { password: "", new_password: "", confirm_password: "" };

/** `onChanged`: the server ended the member's other sessions, so whoever lists them re-reads. */
export function ChangePasswordCard({ onChanged }: { onChanged: () => void }) {
  const t = useTranslate();
  const toast = useToast();
  const form = useForm<ChangePasswordForm>({ resolver: zodResolver(ChangePasswordForm), defaultValues: EMPTY });
  const newPassword = form.watch("new_password");

  const submit = form.handleSubmit(async ({ password, new_password }) => {
    try {
      const res = await call(settingsEndpoints.changePassword, { body: { password, new_password } });
      toast.success(res.message);
      form.reset(EMPTY);
      onChanged();
    } catch (e) {
      toast.error(e);
      if (isApiError(e)) applyServerErrors(e.errors, form.setError);
    }
  });

  return (
    <Card title={t("security.password.title")} data-testid="change-password">
      <Form layout="vertical" component="form" onFinish={submit} noValidate style={{ maxWidth: 420 }}>
        <Field control={form.control} name="password" label={t("security.password.current")}>
          {(f) => <Input.Password {...f} autoComplete="current-password" />}
        </Field>
        <Field control={form.control} name="new_password" label={t("security.password.new")}>
          {(f) => <Input.Password {...f} autoComplete="new-password" />}
        </Field>
        <PasswordChecklist value={newPassword ?? ""} />
        <Field control={form.control} name="confirm_password" label={t("security.password.confirm")}>
          {(f) => <Input.Password {...f} autoComplete="new-password" />}
        </Field>
        <Button type="primary" htmlType="submit" loading={form.formState.isSubmitting}>
          {t("security.password.submit")}
        </Button>
      </Form>
    </Card>
  );
}
