/**
 * /login (SPEC §2, §4 Login): credentials, then the 2FA check; when 2FA is on, a 6-digit code sent by
 * email (resend after 60 s); then the redirect parameter, else /. ?action= shows a banner.
 */
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../i18n/validation.ts";
import { z } from "zod";
import { Alert, Button, Form, Input, Typography } from "antd";
import { useTranslate } from "@refinedev/core";
import { OTP_RESEND_SECONDS, authEndpoints, email, loginPassword, otpCode } from "../../../../resources/auth.ts";
import { call } from "../../api/call.ts";
import { AuthCard } from "../../components/layout/auth-card.tsx";
import { Field } from "../../components/form/field.tsx";
import { CodeInput } from "../../components/form/code-input.tsx";
import { useSession } from "../../session/session.tsx";
import { useToast } from "../../hooks/use-toast.ts";
import { useCountdown } from "../../hooks/use-countdown.ts";

const Credentials = z.object({ email, password: loginPassword });
type Credentials = z.input<typeof Credentials>;
const OtpForm = z.object({ otp: otpCode });

export default function LoginPage() {
  const [params] = useSearchParams();
  const { refresh } = useSession();
  const toast = useToast();
  const t = useTranslate();
  const [pending, setPending] = useState<{ email: string; password: string; token: string } | null>(null);
  // What ?action= says, after the step that sent the person here.
  const banners: Record<string, string> = {
    signup: t("auth.banner.signup"),
    verified: t("auth.banner.verified"),
    forget: t("auth.banner.forget"),
    reset: t("auth.banner.reset"),
  };
  const banner = banners[params.get("action") ?? ""];

  async function finish(body: { email: string; password: string; otp?: string }) {
    const res = await call(authEndpoints.login, { body });
    toast.success(res.message);
    // The guard moves a signed-in user off /login, to ?redirect when it is a path of this site.
    await refresh();
  }

  const form = useForm<Credentials>({ resolver: zodResolver(Credentials), defaultValues: { email: "", password: "" } });
  const onCredentials = form.handleSubmit(async (values) => {
    try {
      const check = await call(authEndpoints.checkTwoFactor, { body: values });
      if (check.data["2faEnabled"] && check.data.token) {
        const sent = await call(authEndpoints.sendLoginCode, { body: { email: values.email, token: check.data.token } });
        toast.success(sent.message);
        setPending({ ...values, token: check.data.token });
      } else {
        await finish(values);
      }
    } catch (e) {
      toast.error(e);
    }
  });

  if (pending) return <OtpStep pending={pending} onBack={() => setPending(null)} onSubmit={(otp) => finish({ ...pending, otp })} />;

  return (
    <AuthCard
      title={t("auth.login.title")}
      subtitle={t("auth.login.subtitle")}
      footer={
        <Typography.Text>
          {t("auth.login.newHere")} <Link to="/create-account">{t("auth.login.createAccount")}</Link>
        </Typography.Text>
      }
    >
      {banner && <Alert type="success" showIcon message={banner} style={{ marginBottom: 16 }} role="status" />}
      <Form layout="vertical" onFinish={onCredentials} component="form" noValidate>
        <Field control={form.control} name="email" label={t("common.email")}>
          {(f) => <Input {...f} type="email" autoComplete="email" placeholder={t("auth.login.emailPlaceholder")} />}
        </Field>
        <Field control={form.control} name="password" label={t("common.password")}>
          {(f) => <Input.Password {...f} autoComplete="current-password" />}
        </Field>
        <div style={{ textAlign: "right", marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot-password">{t("auth.login.forgotPassword")}</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("auth.login.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}

function OtpStep({ pending, onBack, onSubmit }: { pending: { email: string; token: string }; onBack: () => void; onSubmit: (otp: string) => Promise<void> }) {
  const toast = useToast();
  const t = useTranslate();
  const { wait, restart } = useCountdown(OTP_RESEND_SECONDS);

  const form = useForm<{ otp: string }>({ resolver: zodResolver(OtpForm), defaultValues: { otp: "" } });
  const submit = form.handleSubmit(async ({ otp }) => {
    try {
      await onSubmit(otp);
    } catch (e) {
      toast.error(e);
    }
  });
  async function resend() {
    try {
      const res = await call(authEndpoints.sendLoginCode, { body: { email: pending.email, token: pending.token } });
      toast.success(res.message);
      restart();
    } catch (e) {
      toast.error(e);
    }
  }

  return (
    <AuthCard title={t("auth.otp.title")} subtitle={t("auth.otp.subtitle", { email: pending.email })}>
      <Form layout="vertical" onFinish={submit} component="form" noValidate>
        <Field control={form.control} name="otp" label={t("auth.otp.label")}>
          {/* The one code input: digits only, so a stray letter or space never costs a guess. */}
          {(f) => <CodeInput {...f} style={{ letterSpacing: 8, fontSize: 20, textAlign: "center" }} />}
        </Field>
        <Button type="primary" htmlType="submit" block loading={form.formState.isSubmitting}>
          {t("auth.otp.submit")}
        </Button>
      </Form>
      <div style={{ marginTop: 16, display: "flex", justifyContent: "space-between" }}>
        <Button type="link" onClick={onBack} style={{ padding: 0 }}>
          {t("common.back")}
        </Button>
        {wait > 0 ? (
          <Typography.Text type="secondary">{t("auth.otp.resendIn", { seconds: wait })}</Typography.Text>
        ) : (
          <Button type="link" onClick={resend} style={{ padding: 0 }}>
            {t("auth.otp.resend")}
          </Button>
        )}
      </div>
    </AuthCard>
  );
}
