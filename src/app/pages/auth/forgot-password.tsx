/** /forgot-password: asks for the email; the same answer whether or not it has an account. */
import { Link, useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import type { z } from "zod";
import { Button, Form, Input, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { authEndpoints, ForgotPasswordForm } from "../../../../resources/auth.ts";
import { call } from "../../api/call.ts";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Field } from "../../components/form/field.tsx";
import { useToast } from "../../hooks/use-toast.ts";

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const t = useTranslate();
  const form = useForm<z.input<typeof ForgotPasswordForm>>({ resolver: zodResolver(ForgotPasswordForm), defaultValues: { email: "" } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(authEndpoints.initiatePasswordReset, { body: values });
      navigate("/login?action=forget");
    } catch (e) {
      toast.error(e);
    }
  });
  return (
    <AuthCard
      title={t("auth.forgot.title")}
      subtitle={t("auth.forgot.subtitle")}
      footer={
        <Typography.Text>
          <Link to="/login">{t("auth.forgot.backToLogin")}</Link>
        </Typography.Text>
      }
    >
      <Form layout="vertical" onFinish={submit} component="form" noValidate>
        <Field control={form.control} name="email" label={t("common.email")}>
          {(f) => <Input {...f} type="email" autoComplete="email" />}
        </Field>
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("auth.forgot.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
