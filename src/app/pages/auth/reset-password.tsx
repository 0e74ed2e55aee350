/** /reset-password/:token (SPEC §5 Reset password). Errors toast and return to /login. */
import { useNavigate, useParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import type { z } from "zod";
import { Button, Form, Input } from "antd";
import { useTranslate } from "@refinedev/core";
import { authEndpoints, ResetPasswordForm } from "../../../../resources/auth.ts";
import { isApiError } from "../../api/client.ts";
import { call } from "../../api/call.ts";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Field } from "../../components/form/field.tsx";
import { PasswordChecklist } from "../../components/form/password-checklist.tsx";
import { useToast } from "../../hooks/use-toast.ts";

export default function ResetPasswordPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const t = useTranslate();
  const form = useForm<z.input<typeof ResetPasswordForm>>({
    resolver: zodResolver(ResetPasswordForm),
    defaultValues: { new_password: "", confirm_password: "" },
  });
  const submit = form.handleSubmit(async ({ new_password }) => {
    try {
      const res = await call(authEndpoints.completePasswordReset, { body: { new_password, token } });
      toast.success(res.message);
      navigate("/login?action=reset");
    } catch (e) {
      toast.error(e);
      // A field problem stays on the form; a dead link sends the user back to log in.
      if (!(isApiError(e) && e.errors.some((x) => x.path === "new_password"))) navigate("/login");
    }
  });
  return (
    <AuthCard title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")}>
      <Form layout="vertical" onFinish={submit} component="form" noValidate>
        <Field control={form.control} name="new_password" label={t("auth.reset.newPassword")}>
          {(f) => <Input.Password {...f} autoComplete="new-password" />}
        </Field>
        <PasswordChecklist value={form.watch("new_password")} />
        <Field control={form.control} name="confirm_password" label={t("auth.reset.confirmPassword")}>
          {(f) => <Input.Password {...f} autoComplete="new-password" />}
        </Field>
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("auth.reset.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
